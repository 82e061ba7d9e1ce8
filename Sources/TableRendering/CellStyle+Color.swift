import TableKit
import TerminalUI

extension CellStyle.PaletteColor {
    /// The terminal colour nearest an app's colour: greys (little saturation) are black or
    /// white by lightness; other colours go by hue to red, yellow, green, cyan, blue or magenta.
    ///
    ///     CellStyle.PaletteColor(nearest: .systemOrange)   // .yellow
    ///     CellStyle.PaletteColor(nearest: .systemTeal)     // .cyan
    public init(nearest color: Color) {
        let high = max(color.red, color.green, color.blue), low = min(color.red, color.green, color.blue)
        let chroma = high - low
        guard chroma >= 0.2 else {
            self = (high + low) / 2 < 0.3 ? .black : .white
            return
        }
        var hue: Double
        if high == color.red {
            hue = (color.green - color.blue) / chroma
        } else if high == color.green {
            hue = 2 + (color.blue - color.red) / chroma
        } else {
            hue = 4 + (color.red - color.green) / chroma
        }
        hue = (hue * 60 + 360).truncatingRemainder(dividingBy: 360)
        let byHue: [CellStyle.PaletteColor] = [.red, .yellow, .green, .cyan, .blue, .magenta]
        self = byHue[Int((hue + 30) / 60) % 6]
    }
}
