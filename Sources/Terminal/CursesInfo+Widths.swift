import CNcursesw

extension CursesInfo {
    /// The widths the C library gives code points `range` in the C.UTF-8 locale (-1 for one it
    /// does not know): what ncurses assumes a cell takes. For comparing with `TextWidth`; nil
    /// when the C.UTF-8 locale is missing.
    ///
    /// - Complexity: O(n) in the size of `range`.
    public static func cLibraryWidths(_ range: ClosedRange<UInt32>) -> [Int]? {
        var out = [Int32](repeating: 0, count: range.count)
        guard le_wcwidths_utf8(wchar_t(bitPattern: range.lowerBound), Int32(range.count), &out) == le_ok() else { return nil }
        return out.map(Int.init)
    }
}
