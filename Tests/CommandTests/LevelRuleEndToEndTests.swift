import Testing
import Foundation
import TestSupport

/// The real binary in tmux on an awesome-python-shaped README and a nested to-do list: deleting a
/// parent in the editor deletes its nested rows after a question, `apply`'s deleteRows lifts the
/// rows a deleted parent leaves behind, and an `apply` insert between a parent and its children
/// adopts none of them. Each time the screen and the saved bytes say the same (issue 25, cases 1
/// and 7).
@Suite(.serialized) struct LevelRuleEndToEndTests {
    static let readme = """
        # Awesome Python

        A curated list of awesome Python frameworks, libraries and software.

        - [Admin Panels](#admin-panels)
        - [Deep Learning](#deep-learning)

        ## Deep Learning

        - Frameworks
          - [pytorch](https://github.com/pytorch/pytorch) - Tensors and dynamic neural networks.
          - [tensorflow](https://github.com/tensorflow/tensorflow) - An open source library.
            - [keras](https://github.com/keras-team/keras) - A high-level API.
          - [jax](https://github.com/google/jax) - Composable transformations.
        - Libraries
          - [fastai](https://github.com/fastai/fastai) - Simplifies training.

        ## DevOps Tools

        - [ansible](https://github.com/ansible/ansible) - IT automation.

        """

    /// `Frameworks` and its four nested rows, as the README has them.
    static let frameworks = """
        - Frameworks
          - [pytorch](https://github.com/pytorch/pytorch) - Tensors and dynamic neural networks.
          - [tensorflow](https://github.com/tensorflow/tensorflow) - An open source library.
            - [keras](https://github.com/keras-team/keras) - A high-level API.
          - [jax](https://github.com/google/jax) - Composable transformations.
        """

    /// The column a row's text starts at on the screen (its level drawn as indentation).
    static func column(of text: String, in screen: String) -> Int? {
        for line in screen.split(separator: "\n", omittingEmptySubsequences: false) {
            if let r = line.range(of: text) { return line.distance(from: line.startIndex, to: r.lowerBound) }
        }
        return nil
    }

    /// Case 1 in the editor: `d` on `Frameworks` asks, `y` deletes it with its four nested rows,
    /// `s` saves exactly that; reopened, the screen is the same.
    @Test func deletingAParentInTheEditorDeletesItsNestedRows() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("README.md", Self.readme)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 90, height: 30)
        await tmux.waitFor { $0.contains("Edit") && $0.contains("ansible") }
        try tmux.send("j", "j", "j", "j")   // the passage, the two links, the header, Frameworks
        await tmux.waitFor("3/10")
        try tmux.send("d")
        let asked = await tmux.waitFor("Delete \"Frameworks\" and 4 nested rows? (y/n)")
        #expect(asked.contains("Delete \"Frameworks\" and 4 nested rows? (y/n)"))
        try tmux.send("y")
        let deleted = await tmux.waitFor { !$0.contains("pytorch") && $0.contains("Libraries") }
        #expect(!deleted.contains("keras") && !deleted.contains("jax"))
        try tmux.send("s")
        let expected = Self.readme.replacingOccurrences(of: Self.frameworks + "\n", with: "")
        #expect(await poll { dir.text("README.md") == expected })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
        let again = try Tmux(ListeditProcess.editorCommand(file), width: 90, height: 30)
        let screen = await again.waitFor { $0.contains("Edit") && $0.contains("ansible") }
        #expect(!screen.contains("pytorch"))
        #expect(Self.column(of: "fastai", in: screen)! > Self.column(of: "Libraries", in: screen)!)
        try again.send("q")
        #expect(await poll { !again.isAlive })
    }

    /// Case 1 with apply: deleting `Frameworks` alone lifts its nested rows one level; reopened,
    /// pytorch, tensorflow and jax are drawn where Libraries is, keras one level in.
    @Test func deletingAParentWithApplyLiftsItsNestedRows() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("README.md", Self.readme)
        let r = try ListeditProcess.run(["apply", file, "--ops", #"{"deleteRows":[[1,0]]}"#])
        #expect(r.status == 0 && r.stderr == "")
        let expected = Self.readme.replacingOccurrences(of: Self.frameworks, with: """
            - [pytorch](https://github.com/pytorch/pytorch) - Tensors and dynamic neural networks.
            - [tensorflow](https://github.com/tensorflow/tensorflow) - An open source library.
              - [keras](https://github.com/keras-team/keras) - A high-level API.
            - [jax](https://github.com/google/jax) - Composable transformations.
            """)
        #expect(dir.text("README.md") == expected)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 90, height: 30)
        let screen = await tmux.waitFor { $0.contains("Edit") && $0.contains("ansible") }
        let top = Self.column(of: "Libraries", in: screen)
        #expect(top != nil)
        for name in ["pytorch", "tensorflow", "jax"] { #expect(Self.column(of: name, in: screen) == top, "\(name)") }
        #expect(Self.column(of: "keras", in: screen)! > top!)
        #expect(Self.column(of: "fastai", in: screen)! > top!)
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// Case 7: an apply insert between a parent and its children becomes the parent's first
    /// nested row; the children keep their parent, on screen and in the file.
    @Test func anApplyInsertBetweenAParentAndItsChildrenAdoptsNone() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let todo = "# Todo\n- [ ] Renew passport\n  - [ ] Photos\n  - [ ] Form\n  - [ ] Fee\n- [ ] Groceries\n"
        let file = dir.file("todo.md", todo)
        let r = try ListeditProcess.run(["apply", file, "--ops", #"{"insertRows":[{"at":[0,1],"text":"New task"}]}"#])
        #expect(r.status == 0 && r.stderr == "")
        #expect(dir.text("todo.md") == "# Todo\n- [ ] Renew passport\n  - [ ] New task\n  - [ ] Photos\n  - [ ] Form\n  - [ ] Fee\n- [ ] Groceries\n")
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 60, height: 16)
        let screen = await tmux.waitFor { $0.contains("Edit") && $0.contains("Groceries") }
        let child = Self.column(of: "Photos", in: screen)
        #expect(child != nil && Self.column(of: "New task", in: screen) == child)
        #expect(Self.column(of: "Renew passport", in: screen)! < child!)
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    static let passport = "# Todo\n\n- [ ] Renew passport\n  - [ ] Photos\n  - [x] Form\n  - [ ] Fee\n- [ ] Groceries\n"

    /// Case 1 in a to-do list: `d` on `Renew passport` asks about its three sub-tasks and deletes
    /// them with it; `apply`'s deleteRows of the parent alone lifts the three to the top level.
    @Test func deletingAParentTaskInTheEditorAndWithApply() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("todo.md", Self.passport)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 60, height: 16)
        await tmux.waitFor { $0.contains("Edit") && $0.contains("Groceries") }
        try tmux.send("d")   // the cursor starts on the first row
        let asked = await tmux.waitFor("Delete \"Renew passport\" and 3 nested rows? (y/n)")
        #expect(asked.contains("Delete \"Renew passport\" and 3 nested rows? (y/n)"))
        try tmux.send("y")
        let deleted = await tmux.waitFor { !$0.contains("Photos") && $0.contains("Groceries") }
        #expect(deleted.contains("Deleted \"Renew passport\" and 3 nested rows") && deleted.contains("1 item"), "\(deleted)")
        #expect(!deleted.contains("Fee") && !deleted.contains("☐ Renew passport"), "\(deleted)")
        try tmux.send("s")
        #expect(await poll { dir.text("todo.md") == "# Todo\n\n- [ ] Groceries\n" })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })

        let other = dir.file("other.md", Self.passport)
        let r = try ListeditProcess.run(["apply", other, "--ops", #"{"deleteRows":[[0,0]]}"#])
        #expect(r.status == 0 && r.stderr == "")
        #expect(dir.text("other.md") == "# Todo\n\n- [ ] Photos\n- [x] Form\n- [ ] Fee\n- [ ] Groceries\n")
        let again = try Tmux(ListeditProcess.editorCommand(other), width: 60, height: 16)
        let screen = await again.waitFor { $0.contains("Edit") && $0.contains("Groceries") }
        let top = Self.column(of: "Groceries", in: screen)
        for name in ["Photos", "Form", "Fee"] { #expect(Self.column(of: name, in: screen) == top, "\(name)") }
        try again.send("q")
        #expect(await poll { !again.isAlive })
    }

    /// Case 1 in a tab-indented list: the rows a deleted parent leaves behind are lifted to the
    /// top level as list items (not an indented code block), by the editor's undo-free `apply`
    /// and on reopening; cmark-gfm reads them as items too.
    @Test func deletingAParentInATabIndentedList() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = "# Contents\n\n- Awesome Python\n\t- [Admin Panels](#admin-panels)\n\t- [GUI](#gui)\n\t\t- one.a.i\n- Resources\n"
        let file = dir.file("tabs.md", text)
        let r = try ListeditProcess.run(["apply", file, "--ops", #"{"deleteRows":[[0,0]]}"#])
        #expect(r.status == 0 && r.stderr == "")
        let lifted = "# Contents\n\n- [Admin Panels](#admin-panels)\n- [GUI](#gui)\n\t- one.a.i\n- Resources\n"
        #expect(dir.text("tabs.md") == lifted)
        let read = try CmarkReference.read(Array(lifted.utf8))
        #expect(read.items.map(\.level) == [0, 0, 1, 0], "\(read.items)")
        #expect(read.items.map(\.text) == ["[Admin Panels](#admin-panels)", "[GUI](#gui)", "one.a.i", "Resources"].map(Optional.some), "\(read.items)")
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 60, height: 16)
        let screen = await tmux.waitFor { $0.contains("Edit") && $0.contains("Resources") }
        let top = Self.column(of: "Resources", in: screen)
        #expect(Self.column(of: "Admin Panels", in: screen) == top && Self.column(of: "GUI", in: screen) == top)
        #expect(Self.column(of: "one.a.i", in: screen)! > top!)
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }
}
