import TerminalUI

/// The glyphs a board's rules and hidden-lane marks are drawn with: box drawing in a Unicode
/// theme (its ellipsis is `…`), ASCII otherwise.
extension Theme {
    var boxDrawing: Bool { ellipsis == "…" }
    /// The rule between two lanes.
    var laneRule: Character { boxDrawing ? "│" : "|" }
    /// The rule under the lanes' titles.
    var laneTitleRule: Character { boxDrawing ? "─" : "-" }
    /// Where the two rules cross.
    var laneRuleCrossing: String { boxDrawing ? "┼" : "+" }
    /// Before the count of lanes hidden left (`‹ 2`), after the count hidden right (`1 ›`).
    var hiddenLanesBefore: String { boxDrawing ? "‹" : "<" }
    var hiddenLanesAfter: String { boxDrawing ? "›" : ">" }
}
