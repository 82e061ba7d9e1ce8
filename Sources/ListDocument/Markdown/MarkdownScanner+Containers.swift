extension MarkdownScanner {
    /// The open containers, the document first and the innermost last. Closing containers only
    /// lowers `count` (their slots stay, to be reused), so closing costs nothing and opening one
    /// is usually a store; `edit` makes several changes with one check that the storage is not
    /// shared (the scanner is a value: a copy of it gets storage of its own on its first change).
    struct ContainerStack: Sendable {
        private var slots = [Container(kind: .document)]
        /// Open containers (at least the document).
        private(set) var count = 1

        subscript(i: Int) -> Container {
            get {
                precondition(i < count, "container \(i) is closed")
                return slots[i]
            }
            set {
                precondition(i < count, "container \(i) is closed")
                slots[i] = newValue
            }
        }

        var last: Container { self[count - 1] }

        /// The open containers, to read many fields without a check per access.
        @inline(__always)
        func withOpen<R>(_ body: (UnsafeBufferPointer<Container>) -> R) -> R {
            slots.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }

        mutating func append(_ container: Container) {
            if count < slots.count {
                slots[count] = container
            } else {
                slots.append(container)
            }
            count += 1
        }

        /// Closes the containers above the first `n`.
        mutating func truncate(to n: Int) {
            precondition(n >= 1 && n <= count, "the document stays open")
            count = n
        }

        /// Changes the open containers in place, with room for `room` more: `body` gets the slots
        /// and the count, which it may raise by up to `room` (the slots above it are free).
        mutating func edit<R>(room: Int, _ body: (UnsafeMutableBufferPointer<Container>, inout Int) -> R) -> R {
            while slots.count < count + room { slots.append(Container(kind: .document)) }
            var n = count
            let r = slots.withUnsafeMutableBufferPointer { body($0, &n) }
            precondition(n >= 1 && n <= count + room, "containers beyond the room given")
            count = n
            return r
        }
    }
}
