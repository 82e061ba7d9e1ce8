import TableKit

extension MarkdownFormat {
    /// Markdown cannot hold a line break in a title or a row.
    static func limitations(of model: ListModel) -> [FormatLimitation] {
        lineBreaks(in: model).map { [$0] } ?? []
    }
}
