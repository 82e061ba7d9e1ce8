import Foundation

/// Editing controls and swipe actions: pressing a row's `⊖` shows its Delete button and `.confirm`
/// commits the delete; pressing `⊕` commits an insert for that row only; a row swiped open in
/// normal mode shows its actions, and `.confirm` or a click performs one.
extension EditController {
    /// `.pressDelete` and `.pressInsert`: the focused row's control, if it is that one.
    func pressFocusedControl(_ style: TableViewCell.EditingStyle) -> TableOutcome {
        guard tableView.editMode else { return .refused(.notEditing) }
        guard let p = focusedRow else {
            if case .header(let s)? = tableView.focus {
                let section = name(ofSection: s)
                return .refused(style == .delete ? .noDeleteControl(section) : .noInsertControl(section))
            }
            return .refused(.empty)
        }
        let info = tableView.editingInfo(for: p)
        guard info.canEdit, info.style == style else {
            return .refused(style == .delete ? .noDeleteControl(name(of: p)) : .noInsertControl(name(of: p)))
        }
        return pressEditingControl(at: p)
    }

    /// Presses a row's editing control, as a click on it does: `⊖` shows the row's Delete button,
    /// `⊕` commits an insert for that row (`commit(.insert, forRowAt:)`), which is only ever
    /// called with the row whose control was pressed.
    ///
    /// - Parameter p: current index path.
    func pressEditingControl(at p: IndexPath) -> TableOutcome {
        guard tableView.editMode else { return .refused(.notEditing) }
        guard tableView.contains(p) else { return .refused(.noSuchTarget) }
        let info = tableView.editingInfo(for: p)
        guard info.canEdit, let editor = tableView.dataSource as? any TableViewEditingDataSource else {
            return .refused(.noEditingControl(name(of: p)))
        }
        switch info.style {
        case .delete:
            tableView.interaction = .confirmingDelete(p)
        case .insert:
            tableView.interaction = .editing
            editor.tableView(tableView, commit: .insert, forRowAt: p)
        case .none:
            return .refused(.noEditingControl(name(of: p)))
        }
        return .performed
    }

    /// The Delete button was confirmed: `commit(.delete)` for its row.
    func confirmDelete(_ p: IndexPath) -> TableOutcome {
        tableView.interaction = .editing
        (tableView.dataSource as? any TableViewEditingDataSource)?.tableView(tableView, commit: .delete, forRowAt: p)
        return .performed
    }

    /// Presses the row's detail button: the cursor goes there, then the delegate hears of it.
    func pressAccessoryButton(at p: IndexPath) -> TableOutcome {
        guard tableView.contains(p), let cell = tableView.cellForRow(at: p) ?? tableView.preparedCell(forRowAt: p) else {
            return .refused(.noSuchTarget)
        }
        guard cell.accessoryType == .detailButton || cell.accessoryType == .detailDisclosureButton else {
            return .refused(.noDetailButton(name(of: p)))
        }
        _ = tableView.moveFocus(to: .row(p))
        tableView.delegate?.tableView(tableView, accessoryButtonTappedForRowWith: p)
        return .performed
    }

    /// Swipes the focused row open from `edge`, if it can be swiped there (see
    /// `TableView.swipeConfiguration(for:edge:)`).
    func beginSwipe(from edge: SwipedRow.Edge) -> TableOutcome {
        guard !tableView.editMode else { return .refused(.busy("No swiping in edit mode: press the row's delete control")) }
        guard let p = focusedRow else { return .refused(tableView.focus == nil ? .empty : .notOnRow) }
        return tableView.beginSwipe(at: p, edge: edge) ? .performed : .refused(.cannotSwipe(name(of: p)))
    }

    /// Opens the row's context menu: the cursor goes there first. Not in edit mode, as in UIKit.
    func openContextMenu(at p: IndexPath) -> TableOutcome {
        guard !tableView.editMode else { return .refused(.busy("No menu in edit mode")) }
        guard tableView.contains(p) else { return .refused(.noSuchTarget) }
        _ = tableView.moveFocus(to: .row(p))
        return tableView.openContextMenu(at: p) ? .performed : .refused(.noMenu(name(of: p)))
    }

    /// Chooses one of the open menu's actions: the menu closes, then its handler runs.
    func chooseMenuAction(_ index: Int) -> TableOutcome {
        guard let open = tableView.contextMenu, open.menu.children.indices.contains(index) else { return .refused(.noSuchTarget) }
        let title = open.menu.children[index].title
        return tableView.chooseMenuAction(at: index) ? .performed : .refused(.disabled(title))
    }

    /// Performs one of the swiped row's actions.
    func performSwipeAction(_ index: Int) -> TableOutcome {
        guard let swipe = tableView.swipe else { return .refused(.noSuchTarget) }
        guard !swipe.isPerforming else { return .refused(.actionRunning) }
        guard swipe.configuration.actions.indices.contains(index) else { return .refused(.noSuchTarget) }
        tableView.performSwipeAction(at: index)
        return .performed
    }
}
