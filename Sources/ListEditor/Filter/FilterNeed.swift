/// What needed the filter index when it was not built yet (`EditorWork.joinFilterIndex`): done
/// when the index comes back (`EditorMessage.filterIndexBuilt`), unless the list changed since.
///
///     `/` then `g` before the index is kept   // .filter("g"): the rows are filtered when it comes
///     `n` after a reload                      // .match(forward: true): the cursor goes to the match
public enum FilterNeed: Equatable, Sendable {
    /// The filter with this text (typed, pasted, kept, or applied again after a reload).
    case filter(String)
    /// `n` (`forward`) or `N`: the next or previous match of the last filter text.
    case match(forward: Bool)
}
