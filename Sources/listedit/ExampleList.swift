import TableKit
import ListStorage
import TerminalUI

/// The built-in example list (three sections), opened by `listedit` without a file.
enum ExampleList {
    static var model: ListModel {
        ListModel(sections: [
            ("Groceries", ["Milk", "Eggs", "Bread", "Coffee beans"]),
            ("Hardware", ["Screws", "Wood glue", "Sandpaper"]),
            ("Books", ["The Pragmatic Programmer", "吾輩は猫である", "Cien años de soledad"]),
        ])
    }
}
