internal import SystemPackage

/// Reading the file for a progressive load: the first piece on the caller's thread, the rest in
/// large pieces by whoever runs `readRest` (the editor: a task off the main actor), with `read`
/// into the load's own buffer (never a shared mapping that another program's write could change
/// or truncate under it). The file is `stat`ed between pieces: another size, modification time
/// or inode stops the reading (`Event.changedOnDisk`), but a `touch` does not: when only the
/// modification time changed, the part read is read again and compared (`isUnchanged`), and
/// reading goes on with the new metadata when it is the same.
extension ProgressiveLoad {
    /// What reading the rest reports, in order; one of the last four ends it.
    package enum Event: Sendable {
        /// More rows and sections (and link definitions) were read.
        case progress(Delivery)
        /// The whole file was read: the last delivery, the file as read (what saves write over)
        /// and its stamp.
        case finished(Delivery, file: MarkdownFormat.File, stamp: FileAccess.Stamp)
        /// The file changed on disk while it was read: reading stopped. `file` is what was handed
        /// over (the base of a reload, keep or merge), `stamp` the version it came from.
        case changedOnDisk(file: MarkdownFormat.File, stamp: FileAccess.Stamp)
        /// A line is not UTF-8 (the error names it): reading stopped; `file` as above.
        case invalid(DocumentError, file: MarkdownFormat.File, stamp: FileAccess.Stamp)
        /// Reading failed (an I/O error): reading stopped; `file` as above.
        case failed(DocumentError, file: MarkdownFormat.File, stamp: FileAccess.Stamp)
    }

    /// The open file being read: where the next piece starts, and the version it is.
    package struct Source: Sendable {
        let fd: FileDescriptor
        let path: String
        var metadata: FileAccess.Metadata
        let readAt: Double
        /// Bytes read into the buffer so far.
        var read = 0
        /// The new metadata after a `touch` that the next delivery has not reported yet.
        var touched: FileAccess.Metadata?

        /// The stamp of the version read, for the part in `bytes` (the whole file once read).
        func stamp(of bytes: [UInt8]) -> FileAccess.Stamp {
            FileAccess.Stamp(metadata, hash: ContentHash.of(bytes), readAt: readAt)
        }
    }

    /// Opens `path` and reads its first piece: `firstPiece` bytes, more (doubling) until
    /// `minimumRows` rows were handed over or the file ends. Returns the load, what the first
    /// piece holds, and where the rest is read from (nil: the file was read whole; the load is
    /// complete).
    ///
    /// - Throws: what `FileAccess.read` throws (missing, not a regular file, too large), and
    ///   `.invalidUTF8` for a first piece that is not UTF-8.
    package static func open(_ path: String, generation: UInt64, firstPiece: Int, minimumRows: Int)
        throws(DocumentError) -> (load: ProgressiveLoad, first: Delivery, rest: Source?) {
        let file = FilePath(path)
        let fd: FileDescriptor
        let info: Stat
        let readAt = FileAccess.wallClock()
        do {
            fd = try FileDescriptor.open(file, .readOnly, options: [.closeOnExec])
        } catch {
            throw DocumentError(.io, file: path, "cannot open: \(error)")
        }
        do throws(Errno) { info = try fd.stat() } catch {
            try? fd.close()
            throw DocumentError(.io, file: path, "cannot read: \(error)")
        }
        do throws(DocumentError) {
            try FileAccess.requireRegularFile(info, path)
            guard info.size < Int64(UInt32.max) else { throw DocumentError(.io, file: path, "file too large (4 GiB at most)") }
        } catch {
            try? fd.close()
            throw error
        }
        var source = Source(fd: fd, path: path, metadata: FileAccess.Metadata(info), readAt: readAt)
        var load = ProgressiveLoad(size: Int(info.size), name: path, generation: generation)
        var first = Delivery()
        var piece = firstPiece
        do throws(DocumentError) {
            while true {
                let end = min(load.size, source.read + piece)
                try load.read(from: &source, to: end)
                let final = source.read == load.size
                let delivery = try load.advance(available: source.read, final: final)
                first.append(delivery)
                if final {
                    try? fd.close()
                    return (load, first, nil)
                }
                if first.rowCount >= minimumRows { return (load, first, source) }
                piece *= 2
            }
        } catch {
            try? fd.close()
            throw error
        }
    }

    /// Whether the file is still the version being read: the same metadata, or a `touch` (only
    /// the modification time changed, size, inode and device did not, and the part read so far
    /// reads again the same: a content check, as `ListDocument.checkDisk` does for a whole file).
    /// After a touch, `source` takes the new metadata (and notes it in `touched`).
    ///
    /// - Complexity: O(1) (one `stat`), or O(bytes read so far) after a touch.
    func isUnchanged(_ source: inout Source) -> Bool {
        guard let now = try? FileAccess.metadata(of: source.path) else { return false }
        if now == source.metadata { return true }
        let was = source.metadata
        guard now.size == was.size, now.inode == was.inode, now.device == was.device,
              sameBytes(source.fd, count: source.read) else { return false }
        source.metadata = now
        source.touched = now
        return true
    }

    /// Whether the file's first `count` bytes (read again through `fd`) are the buffer's.
    func sameBytes(_ fd: FileDescriptor, count: Int) -> Bool {
        let chunk = 1 << 20
        var scratch = [UInt8](repeating: 0, count: min(chunk, max(count, 1)))
        var offset = 0
        guard let base = storage.base else { return count == 0 }   // (no storage: an empty file)
        while offset < count {
            let n = min(chunk, count - offset)
            let got = scratch.withUnsafeMutableBytes { target in
                try? fd.read(fromAbsoluteOffset: Int64(offset), into: UnsafeMutableRawBufferPointer(rebasing: target[0..<n]))
            }
            guard let got, got == n else { return false }
            let same = scratch.withUnsafeBytes { a in
                UnsafeRawBufferPointer(rebasing: a[0..<n]).elementsEqual(UnsafeRawBufferPointer(start: base + offset, count: n))
            }
            if !same { return false }
            offset += n
        }
        return true
    }

    /// Reads the buffer up to `end` from `source` (short: the file shrank).
    mutating func read(from source: inout Source, to end: Int) throws(DocumentError) {
        while source.read < end {
            let target = destination(at: source.read, count: end - source.read)
            let n: Int
            do {
                n = try source.fd.read(fromAbsoluteOffset: Int64(source.read), into: target)
            } catch {
                throw DocumentError(.io, file: source.path, "cannot read: \(error)")
            }
            if n == 0 { throw DocumentError(.io, file: source.path, "changed while it was read") }
            source.read += n
        }
    }

    /// Reads and scans the rest of the file in pieces of `piece` bytes, sending an event after
    /// each; stops, closing the file, when done, stopped, or when the task running it is
    /// cancelled (then nothing more is sent).
    package static func readRest(_ load: consuming ProgressiveLoad, from source: Source, piece: Int,
                                 send: (Event) -> Void) {
        var load = load
        var source = source
        defer { try? source.fd.close() }
        func stopped() -> (MarkdownFormat.File, FileAccess.Stamp) {
            let file = load.deliveredFile
            return (file, source.stamp(of: file.bytes))
        }
        while source.read < load.size {
            if Task.isCancelled { return }
            if !load.isUnchanged(&source) {
                let (file, stamp) = stopped()
                send(.changedOnDisk(file: file, stamp: stamp))
                return
            }
            do throws(DocumentError) {
                try load.read(from: &source, to: min(load.size, source.read + piece))
                let final = source.read == load.size
                var delivery = try load.advance(available: source.read, final: final)
                if final {
                    if !load.isUnchanged(&source) {
                        // Written while its last piece was read: what was handed over is the base.
                        send(.progress(delivery))
                        let (file, stamp) = stopped()
                        send(.changedOnDisk(file: file, stamp: stamp))
                        return
                    }
                    let file = load.file
                    send(.finished(delivery, file: file, stamp: source.stamp(of: file.bytes)))
                    return
                }
                delivery.metadata = source.touched
                source.touched = nil
                send(.progress(delivery))
            } catch {
                if error.kind == .invalidUTF8 {
                    // Every line before the bad one, not only the pieces' stable blocks.
                    let rest = load.deliverBeforeInvalid()
                    if rest.rowCount > 0 || !rest.sections.isEmpty || rest.linkReferences != nil { send(.progress(rest)) }
                }
                let (file, stamp) = stopped()
                if error.kind == .invalidUTF8 {
                    send(.invalid(error, file: file, stamp: stamp))
                } else if !load.isUnchanged(&source) {
                    send(.changedOnDisk(file: file, stamp: stamp))
                } else {
                    send(.failed(error, file: file, stamp: stamp))
                }
                return
            }
        }
    }
}

extension ProgressiveLoad.Delivery {
    /// Adds `later`, the delivery that follows this one, to it.
    package mutating func append(_ later: Self) {
        if let rows = later.rows {
            if sections.isEmpty {
                if self.rows == nil { self.rows = rows } else { self.rows?.append(contentsOf: rows) }
            } else {
                sections[sections.count - 1].rows.append(contentsOf: rows)
            }
        }
        sections += later.sections
        if let links = later.linkReferences { linkReferences = links }
        if let metadata = later.metadata { self.metadata = metadata }
        bytesLoaded = later.bytesLoaded
    }
}

/// One report of a file being read in the background (`ProgressiveLoad.Event`), as the editor's
/// messages carry it: what it holds is the package's own.
public struct LoadReport: Sendable {
    package var event: ProgressiveLoad.Event
    package init(_ event: ProgressiveLoad.Event) { self.event = event }
}
