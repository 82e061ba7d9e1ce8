/// The editing control a row shows in edit mode: a delete control `⊖`, an insert control `⊕`,
/// or nothing (`none`: editable, but without a control).
public enum EditingStyle: Sendable, Hashable {
    case none, delete, insert
}
