/// The description of the error `body` throws, or nil: how tests compare error messages.
///
///     #expect(message { try table.deleteRows(at: [IndexPath(row: 7, section: 0)]) } == "attempt to delete row 7 …")
public func message(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch { return "\(error)" }
}
