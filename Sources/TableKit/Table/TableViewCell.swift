/// One row's content, UIKit's `UITableViewCell` reduced to a terminal line: a text label, a
/// detail label for the styles that have one, an accessory, an indentation level.
///
///     let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
///     cell.textLabel?.text = item.title
///     cell.accessoryType = item.done ? .checkmark : .uncheckedBox
///     return cell
///
/// Cells are reference types, as in UIKit: the table keeps the cell of every visible row, so
/// changing a cell it handed out (`tableView.cellForRow(at:)?.accessoryType = .checkmark`) shows
/// at the next frame. A cell that scrolls out of view goes back to the reuse queue of its
/// `reuseIdentifier`; `prepareForReuse()` runs when it is handed out again.
///
/// Subclass it for your own cells and register the class: the table makes instances with
/// `init(style:reuseIdentifier:)`, which is `required` here (UIKit makes them through the
/// Objective-C runtime), so a subclass that overrides it writes `required` where UIKit code writes
/// `override`.
@MainActor
open class TableViewCell {
    /// UIKit's cell styles, drawn on one line: `.default` shows the text; `.value1` the text and the
    /// detail right-aligned and dimmed; `.value2` the detail dimmed before the text (UIKit's
    /// label-and-value layout); `.subtitle` the detail dimmed after the text.
    public enum CellStyle: Int, Sendable, CaseIterable {
        /// The text alone.
        case `default`
        /// The text, and the detail right-aligned and dimmed.
        case value1
        /// The detail dimmed, then the text.
        case value2
        /// The text, then the detail dimmed.
        case subtitle
    }

    /// The editing control a row shows in edit mode (UIKit's `UITableViewCell.EditingStyle`): a
    /// delete control `⊖`, an insert control `⊕`, or nothing (`none`: editable, but without a
    /// control).
    public enum EditingStyle: Int, Sendable, Hashable {
        /// No control: the row is editable (it can move) but cannot be deleted or inserted.
        case none
        /// The delete control `⊖`: pressing it shows the row's Delete button.
        case delete
        /// The insert control `⊕`: pressing it commits an insert for this row.
        case insert
    }

    /// What a row shows beside its text (UIKit's `UITableViewCell.AccessoryType`, plus
    /// `uncheckedBox`).
    ///
    /// `.checkmark` and `.uncheckedBox` are a task's checkbox, `☑` and `☐` (`[x]` and `[ ]` without
    /// UTF-8), drawn before the text as a terminal task list reads; UIKit has no unchecked
    /// accessory (an unchecked row there shows `.none`), but a terminal list must tell an open task
    /// from a row that is not a task. The others are drawn at the row's right end:
    /// `.disclosureIndicator` `›` (`>`), `.detailButton` `ⓘ` (`(i)`), `.detailDisclosureButton`
    /// both.
    public enum AccessoryType: Int, Sendable, Hashable, CaseIterable {
        /// Nothing.
        case none
        /// `›` at the right end: the row leads somewhere.
        case disclosureIndicator
        /// `ⓘ›` at the right end: both the detail button and the disclosure indicator.
        case detailDisclosureButton
        /// `☑` before the text: a done task.
        case checkmark
        /// `ⓘ` at the right end.
        case detailButton
        /// listedit's addition: an open task's empty checkbox.
        case uncheckedBox
    }

    /// How a selected row is highlighted (UIKit's `UITableViewCell.SelectionStyle`): `.none` draws
    /// a selected row like any other; the others draw it highlighted.
    public enum SelectionStyle: Int, Sendable, Hashable {
        /// A selected row is drawn like any other.
        case none
        /// Highlighted, as `default` (UIKit's deprecated style).
        case blue
        /// Highlighted, as `default`.
        case gray
        /// Highlighted.
        case `default`
    }

    /// Which labels the cell has and how they are drawn.
    public let style: CellStyle
    /// The queue this cell returns to when it leaves the screen; `nil`: it is not reused.
    public let reuseIdentifier: String?
    /// The main text. Never nil here (UIKit makes it lazily); optional so that UIKit's
    /// `cell.textLabel?.text = …` reads the same.
    public let textLabel: Label?
    /// The secondary text, for `.value1`, `.value2` and `.subtitle`; nil for `.default`.
    public let detailTextLabel: Label?
    /// What the row shows, as one value (UIKit's content configuration): when set, it is drawn in
    /// place of `textLabel` and `detailTextLabel`, whatever the cell's style.
    ///
    ///     var content = cell.defaultContentConfiguration()
    ///     content.text = "Inbox"
    ///     cell.contentConfiguration = content
    public var contentConfiguration: ListContentConfiguration?
    /// What the row shows beside its text: a checkbox before it, or an indicator at its end.
    public var accessoryType: AccessoryType = .none
    /// Levels of indentation before the text; each is `indentationWidth` columns. The delegate's
    /// `indentationLevelForRowAt`, when it is not 0, sets it as the table prepares the cell.
    public var indentationLevel = 0
    /// Columns per indentation level (UIKit: 10 points).
    public var indentationWidth = 2
    /// Whether a selected row is drawn highlighted.
    public var selectionStyle: SelectionStyle = .default
    /// Whether the row is selected; set by the table.
    public internal(set) var isSelected = false
    /// Whether the row is in edit mode (or swiped open); set by the table.
    public internal(set) var isEditing = false
    /// The row's editing control while editing; set by the table.
    public internal(set) var editingStyle: EditingStyle = .none
    /// Whether the cell waits in its reuse queue (so it is never queued twice).
    var isQueued = false

    /// - Parameters:
    ///   - style: which labels the cell has and how they are drawn.
    ///   - reuseIdentifier: the queue it returns to when it scrolls away; nil: never reused.
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        textLabel = Label()
        detailTextLabel = style == .default ? nil : Label()
    }

    /// A `.default` cell that is not reused, as UIKit's `UITableViewCell()`.
    public convenience init() {
        self.init(style: .default, reuseIdentifier: nil)
    }

    /// An empty configuration to fill and set as `contentConfiguration` (UIKit's
    /// `defaultContentConfiguration()`).
    ///
    ///     var content = cell.defaultContentConfiguration()
    ///     content.text = item.title
    ///     content.secondaryText = item.note
    ///     cell.contentConfiguration = content
    public func defaultContentConfiguration() -> ListContentConfiguration {
        ListContentConfiguration()
    }

    /// Called when the cell is taken from the reuse queue, before the data source configures it:
    /// reset what the data source does not always set. The base class clears the selection and
    /// editing state the table set (not the content, as in UIKit).
    open func prepareForReuse() {
        isSelected = false
        isEditing = false
        editingStyle = .none
    }
}
