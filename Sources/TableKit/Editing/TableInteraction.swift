import Foundation

/// What the user is doing with a table: one value, so no two gestures can be in progress at once.
///
///     switch tableView.interaction {
///     case .draggingRow(let drag): print("holding \(drag.source), shown at \(drag.destination)")
///     case .confirmingDelete(let row): print("\(row) shows its Delete button")
///     default: break
///     }
///
/// The table owns it (`TableView.interaction`, read-only): an `EditController` changes it through
/// intents, and every batch remaps it (docs/batch-updates.md, "Placement"). Edit
/// mode proper is `.editing` and the three gestures that only happen in it; a swiped row is
/// editing too as UIKit counts it (`TableView.isEditing`), but shows only its actions.
public enum TableInteraction: Equatable {
    /// Normal mode: the cursor moves, rows can be selected or swiped.
    case browsing
    /// Edit mode (`setEditing(true)`), with nothing in progress.
    case editing
    /// Edit mode, a row picked up (current space).
    case draggingRow(RowDrag)
    /// Edit mode, a section picked up (current space).
    case draggingSection(SectionDrag)
    /// Edit mode, a row's `⊖` pressed: it shows its Delete button (current space).
    case confirmingDelete(IndexPath)
    /// Normal mode, a row swiped open to show its actions.
    case swiped(SwipedRow)

    /// Whether this is edit mode proper (controls and handles shown): `.editing` or a gesture of it.
    public var isEditMode: Bool {
        switch self {
        case .editing, .draggingRow, .draggingSection, .confirmingDelete: return true
        case .browsing, .swiped: return false
        }
    }

    /// What is in progress, in words (for logs and test failures).
    public var name: String {
        switch self {
        case .browsing: return "browsing"
        case .editing: return "editing"
        case .draggingRow: return "dragging a row"
        case .draggingSection: return "dragging a section"
        case .confirmingDelete: return "confirming a delete"
        case .swiped: return "swiped"
        }
    }
}

/// A row swiped open: its actions, the one the keyboard is on, and whether one is running.
public struct SwipedRow: Equatable {
    /// The side a row is swiped open from: its actions show at that end.
    public enum Edge: Sendable, Hashable {
        /// The left end: the delegate's `leadingSwipeActionsConfigurationForRowAt`, first leftmost.
        case leading
        /// The right end: `trailingSwipeActionsConfigurationForRowAt` (or the default Delete),
        /// first rightmost.
        case trailing
    }

    /// The row (current space).
    public internal(set) var row: IndexPath
    /// Which end its actions show at.
    public let edge: Edge
    let configuration: SwipeActionsConfiguration
    /// Which of `actions` `.confirm` performs.
    public internal(set) var focusedAction = 0
    /// An action's handler has been called and its completion has not.
    public internal(set) var isPerforming = false
    /// Tells a late completion handler which swipe it belongs to.
    let generation: Int

    init(row: IndexPath, edge: Edge, configuration: SwipeActionsConfiguration, generation: Int) {
        self.row = row
        self.edge = edge
        self.configuration = configuration
        self.generation = generation
    }

    /// The row's actions, first outermost (drawn rightmost, or leftmost from the leading edge).
    @MainActor public var actions: [ContextualAction] { configuration.actions }

    public static func == (a: SwipedRow, b: SwipedRow) -> Bool {
        a.row == b.row && a.edge == b.edge && a.configuration === b.configuration && a.focusedAction == b.focusedAction
            && a.isPerforming == b.isPerforming && a.generation == b.generation
    }
}
