/// One table of key bindings: which action each key performs in each mode. Key handling, help
/// screens, hint lines, configuration remaps and generated docs all read the same table, so a
/// remap can never leave the help wrong.
///
///     var keys = Keymap<Mode, Action>([
///         .init([.up, .char("k")], .up, in: [.normal, .edit]),
///         .init([.char("s"), .ctrl("s")], .save, in: [.normal, .edit]),
///     ])
///     keys.action(for: .char("k"), in: .normal)          // .up
///     keys.remap(.char("w"), to: .save, except: [])      // w saves wherever save exists
///     keys.keys(for: .save, in: .normal)                 // [w, s, ^S]
///
/// Bindings are kept in table order, and a key bound to several actions in one mode resolves to
/// the first one the caller offers (a host that has no rename action lets Enter select). Keys a
/// remap added come before the table's own keys of their action, so help and hints show them.
public struct Keymap<Mode: Hashable & Sendable, Action: Hashable & Sendable>: Sendable {
    /// Keys that perform an action in some modes.
    public struct Binding: Equatable, Sendable {
        /// The keys, in the order help shows them.
        public var keys: [Key]
        /// What they do.
        public var action: Action
        /// Where they do it.
        public var modes: Set<Mode>
        /// Added by a remap (shown before the table's own keys).
        public var isRemap = false

        /// `keys` perform `action` in `modes`.
        public init(_ keys: [Key], _ action: Action, in modes: Set<Mode>) {
            self.keys = keys
            self.action = action
            self.modes = modes
        }
    }

    /// The bindings in table order, remaps included.
    public private(set) var bindings: [Binding]

    /// A key map of `bindings`, in the order given.
    public init(_ bindings: [Binding]) {
        self.bindings = bindings
    }

    /// The action `key` performs in `mode`: the first binding, in table order, whose action the
    /// caller offers.
    ///
    /// - Complexity: O(bindings).
    public func action(for key: Key, in mode: Mode, offered: (Action) -> Bool = { _ in true }) -> Action? {
        for b in bindings where b.modes.contains(mode) && b.keys.contains(key) && offered(b.action) { return b.action }
        return nil
    }

    /// The keys that perform `action` in `mode`: remapped keys first, then at most `limit` of the
    /// table's own that `include` accepts (all when nil), each once, in table order.
    ///
    /// - Complexity: O(bindings).
    public func keys(for action: Action, in mode: Mode, limit: Int? = nil, include: (Key) -> Bool = { _ in true }) -> [Key] {
        var remapped: [Key] = [], own: [Key] = []
        for b in bindings where b.action == action && b.modes.contains(mode) {
            for key in b.keys where !remapped.contains(key) && !own.contains(key) && (b.isRemap || include(key)) {
                if b.isRemap { remapped.append(key) } else { own.append(key) }
            }
        }
        return remapped + own.prefix(limit ?? own.count)
    }

    /// Whether `action` exists in `mode`.
    public func has(_ action: Action, in mode: Mode) -> Bool {
        bindings.contains { $0.action == action && $0.modes.contains(mode) }
    }

    /// The modes in which some key performs `action`.
    public func modes(of action: Action) -> Set<Mode> {
        bindings.reduce(into: []) { if $1.action == action { $0.formUnion($1.modes) } }
    }

    /// Binds `key` to `action` in every mode where the action exists, except `excluded` ones (a
    /// text entry, a yes/no prompt), taking it from whatever it did there before. Returns false,
    /// changing nothing, when the action exists in no remappable mode.
    @discardableResult
    public mutating func remap(_ key: Key, to action: Action, except excluded: Set<Mode> = []) -> Bool {
        let modes = modes(of: action).subtracting(excluded)
        guard !modes.isEmpty else { return false }
        for i in bindings.indices where !bindings[i].modes.isDisjoint(with: modes) && bindings[i].keys.contains(key) {
            // The key leaves its old bindings in these modes; elsewhere it keeps them.
            let kept = bindings[i].modes.subtracting(modes)
            if kept.isEmpty {
                bindings[i].keys.removeAll { $0 == key }
            } else {
                var elsewhere = bindings[i]
                elsewhere.keys = [key]
                elsewhere.modes = kept
                bindings[i].keys.removeAll { $0 == key }
                bindings.append(elsewhere)
            }
        }
        var added = Binding([key], action, in: modes)
        added.isRemap = true
        bindings.insert(added, at: 0)
        bindings.removeAll { $0.keys.isEmpty }
        return true
    }

    /// The same table with other action values (a host that wraps the standard actions in its own
    /// type), keeping only the bindings `transform` maps.
    public func compactMapActions<Other: Hashable & Sendable>(_ transform: (Action) -> Other?) -> Keymap<Mode, Other> {
        Keymap<Mode, Other>(bindings.compactMap { b in
            guard let action = transform(b.action) else { return nil }
            var mapped = Keymap<Mode, Other>.Binding(b.keys, action, in: b.modes)
            mapped.isRemap = b.isRemap
            return mapped
        })
    }

    /// The same table keeping only the bindings whose action `include` accepts (a host's subset).
    public func filter(_ include: (Action) -> Bool) -> Keymap {
        Keymap(bindings.filter { include($0.action) })
    }

    /// Adds bindings after the table's own (they lose to any key the table already binds).
    public mutating func append(_ more: [Binding]) {
        bindings.append(contentsOf: more)
    }
}
