import ListDocument
import TableKit

/// libFuzzer entry point: every input goes through the three file parsers and the `apply` JSON
/// decoder, and a decoded script is applied to a parsed list. Nothing may crash; whatever parses
/// must survive a round trip through listedit's own Markdown. Not a SwiftPM target
/// (see `make fuzz`): linked by swiftc with -sanitize=fuzzer, which provides `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for format in ListFormat.allCases {
        // A list with a line break inside a text cannot be written as Markdown (a clear error).
        if let list = try? format.parse(bytes, name: "fuzz"), let markdown = try? ListFormat.markdown.serialize(list, name: "fuzz") {
            guard let back = try? ListFormat.markdown.parse(markdown, name: "fuzz"), back.sections == list.sections else {
                fatalError("Markdown round trip changed a list parsed as \(format)")
            }
        }
    }
    if let script = try? BatchScript.decode(bytes, name: "fuzz") {
        var model = ListModel(sections: [("A", ["a", "b", "c"]), ("B", []), ("C", ["d"])])
        try? script.apply(to: &model)
    }
    return 0
}
