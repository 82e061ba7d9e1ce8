/// What `ListDocument.lookAtDisk()` found: the file at `path` compared with the stamp the
/// document had seen there (`against`), for `ListDocument.checkDisk(_:)`. Reading and deciding
/// are apart so that an editor's update step reads nothing: its effect performer looks, the
/// update step decides.
public struct DiskLook: Sendable, Equatable {
    let path: String
    let against: FileAccess.Stamp?
    let comparison: FileAccess.Comparison
}
