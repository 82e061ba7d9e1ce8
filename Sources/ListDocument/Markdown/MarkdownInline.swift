/// Inline Markdown of one line, as the screen shows it: the display text and its styled runs.
///
///     let r = MarkdownInline.render(Array("Buy **milk** and `jam` ([shop](https://x.y))".utf8))
///     r.text                       // "Buy milk and jam (shop)"
///     r.runs.map(\.style)          // [[], [.strong], [], [.code], [], [.link], []]
///
/// It follows CommonMark's inline rules (as `cmark-gfm` reads them): backslash escapes and
/// entity references are decoded; code spans show their content; emphasis, strong emphasis and
/// GitHub's strikethrough follow the delimiter rules; links and images show their text
/// (`[text](url)`, `[text][ref]`, `[ref]` when a definition names `ref`); autolinks
/// (`<https://…>`) show the address; GitHub's bare `www.`/`http(s)://` addresses are styled as
/// links; raw inline HTML is shown as it is. Visible text is never lost or doubled: whatever does
/// not match shows literally.
///
/// - Complexity: O(n) for most lines; O(n²) in the worst case of many unmatched delimiters.
package enum MarkdownInline {
    package struct Style: OptionSet, Hashable, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let emphasis = Style(rawValue: 1)
        package static let strong = Style(rawValue: 2)
        package static let code = Style(rawValue: 4)
        package static let strikethrough = Style(rawValue: 8)
        package static let link = Style(rawValue: 16)
        package static let image = Style(rawValue: 32)
        package static let html = Style(rawValue: 64)
    }

    /// A stretch of the display text (UTF-8 offsets) in one style.
    package struct Run: Equatable, Sendable {
        package var range: Range<Int>
        package var style: Style
    }

    package struct Rendered: Equatable, Sendable {
        package var text: String
        /// Consecutive runs covering `text`.
        package var runs: [Run]
    }

    /// Renders `source` (one line of Markdown, or a setext title's lines joined by line feeds);
    /// `references` resolves `[text][label]` links.
    package static func render(_ source: some Collection<UInt8>, references: [String: MarkdownLinkReference] = [:]) -> Rendered {
        render(source) { references[$0] != nil }
    }

    /// Renders `source`; `isDefined` says whether a normalized label has a definition.
    package static func render(_ source: some Collection<UInt8>, isDefined: (String) -> Bool) -> Rendered {
        var bytes = Array(source)
        while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { bytes.removeLast() }
        var first = 0
        while first < bytes.count && (bytes[first] == 0x20 || bytes[first] == 0x09) { first += 1 }
        return withoutActuallyEscaping(isDefined) { isDefined in
            var parser = InlineParser(s: Array(bytes[first...]), isDefined: isDefined)
            parser.parse()
            return parser.flatten()
        }
    }
}
