/// A colour an app gives (UIKit's `UIColor`, for `ContextualAction.backgroundColor`): red,
/// green and blue from 0 to 1. A terminal draws it as the nearest of its eight colours, and
/// not at all under `NO_COLOR` (a host's theme decides).
///
///     flag.backgroundColor = .systemOrange
///     flag.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
public struct Color: Hashable, Sendable {
    /// The red, green and blue components, 0…1.
    public var red: Double, green: Double, blue: Double

    /// A colour from components 0…1 (clamped); `alpha` is accepted as UIKit's initialiser takes
    /// it, and ignored: a terminal cell is opaque.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = min(1, max(0, red))
        self.green = min(1, max(0, green))
        self.blue = min(1, max(0, blue))
    }

    /// UIKit's `.systemRed` (its light-mode value), drawn red.
    public static let systemRed = Color(red: 1, green: 0.231, blue: 0.188)
    /// UIKit's `.systemOrange`, drawn yellow (the nearest of eight).
    public static let systemOrange = Color(red: 1, green: 0.584, blue: 0)
    /// UIKit's `.systemYellow`, drawn yellow.
    public static let systemYellow = Color(red: 1, green: 0.8, blue: 0)
    /// UIKit's `.systemGreen`, drawn green.
    public static let systemGreen = Color(red: 0.204, green: 0.78, blue: 0.349)
    /// UIKit's `.systemTeal`, drawn cyan.
    public static let systemTeal = Color(red: 0.188, green: 0.69, blue: 0.78)
    /// UIKit's `.systemBlue`, drawn blue.
    public static let systemBlue = Color(red: 0, green: 0.478, blue: 1)
    /// UIKit's `.systemIndigo`, drawn blue.
    public static let systemIndigo = Color(red: 0.345, green: 0.337, blue: 0.839)
    /// UIKit's `.systemPurple`, drawn magenta.
    public static let systemPurple = Color(red: 0.686, green: 0.322, blue: 0.871)
    /// UIKit's `.systemPink`, drawn red.
    public static let systemPink = Color(red: 1, green: 0.176, blue: 0.333)
    /// UIKit's `.systemGray`, drawn white (a grey is black or white by lightness).
    public static let systemGray = Color(red: 0.557, green: 0.557, blue: 0.576)
    /// Pure red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Pure green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Pure blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Yellow.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Cyan.
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// Magenta.
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// Black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// White.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Middle grey, drawn white.
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
}
