#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The permission bits (set-ID and sticky bits included) of what is at `path`, not following a
/// symbolic link: `0o600` for a `chmod 600` file; `nil` when nothing is there.
public func fileMode(_ path: String) -> Int? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return Int(info.st_mode & 0o7777)
}
