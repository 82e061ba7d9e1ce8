/// Work the editor's update step asks to have started or stopped off the main actor
/// (`EditorEffect.work`): it starts and cancels no task itself. Nothing comes back as a message:
/// the filter joins the build when it needs the index (`FilterIndexBuild.finish`, which does
/// what no task did), and a stopped load sends no more reports.
///
///     editor.update(.input(.key(.char("/"))))   // [.work(.buildFilterIndex(build, workers: 2))]
public enum EditorWork: Sendable {
    /// Build the filter index's pieces on `workers` tasks (`/` asks, so that the index is
    /// usually ready by the first character typed).
    case buildFilterIndex(FilterIndexBuild, workers: Int)
    /// Stop reading the rest of the file (quitting, or a signal): no report comes after.
    case stopLoading(BackgroundLoad)
}
