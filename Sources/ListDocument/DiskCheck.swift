/// What `ListDocument.checkDisk()` found since the previous check. Each change is reported once:
/// the check after `.deleted` says `.unchanged` while the file stays gone.
///
///     switch document.checkDisk() {
///     case .unchanged, .touched: break
///     case .changed(let version): document.isModified ? ask() : try document.reload(version)
///     case .deleted: say("list.md was deleted on disk; s saves it again")
///     case .unreadable(let error): say(error.description)
///     }
public enum DiskCheck: Equatable, Sendable {
    /// Nothing happened (one `stat` told so).
    case unchanged
    /// The metadata changed but not the bytes (a `touch`, a copy of the same content, a file
    /// that came back as it was): the document's stamp was updated, nothing else to do.
    case touched
    /// Other bytes on disk: the version there now. The document is unchanged; it can
    /// `reload(_:)` or `merge(_:)` it, or keep its own (the next save then asks, with
    /// `.changedOnDisk`).
    case changed(DiskVersion)
    /// The file is gone (the document is unchanged; saving writes it again, after asking).
    case deleted
    /// The file is there but cannot be read: a directory, a FIFO, no permission, a symbolic
    /// link loop. The error names the file and why.
    case unreadable(DocumentError)
}

/// What the previous `checkDisk` saw, so that it reports transitions.
enum DiskState: Equatable, Sendable {
    case file
    case missing
    case unreadable(DocumentError)
}
