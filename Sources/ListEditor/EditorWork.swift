/// Work the editor's update step asks to have started, joined or stopped off the main actor
/// (`EditorEffect.work`): it starts, joins and cancels no task itself. Only the join sends a
/// message back (`.filterIndexBuilt`); a started build is joined when the filter needs it, and a
/// stopped load sends no more reports.
///
///     editor.update(.input(.key(.char("/"))))   // [.work(.buildFilterIndex(build, workers: 2))]
///     editor.update(.input(.key(.char("g"))))   // [.work(.joinFilterIndex(build, workers: 0, for: .filter("g")))]
///     performer: build.finish() → .filterIndexBuilt(index, for: .filter("g")) → the rows are filtered
public enum EditorWork: Sendable {
    /// Build the filter index's pieces on `workers` tasks (`/` asks, so that the index is
    /// usually ready by the first character typed).
    case buildFilterIndex(FilterIndexBuild, workers: Int)
    /// Finish the filter index's build: start `workers` more tasks (a build `/` did not start),
    /// build what no task took on the performer's thread, join the pieces, then send
    /// `.filterIndexBuilt(index, for: need)`.
    case joinFilterIndex(FilterIndexBuild, workers: Int, for: FilterNeed)
    /// Stop reading the rest of the file (quitting, or a signal): no report comes after.
    case stopLoading(BackgroundLoad)
}
