import ListDocument
#if canImport(Glibc)
import Glibc
#endif

/// The Markdown engine's figures: the scanner beside the document reader (scan + model) on the
/// simple list both read (a ratio of one run's medians), the scanner on a real-shaped file, and a
/// save after one toggle beside writing the same bytes with `FileAccess.writeAtomically` (the
/// flush included), again a ratio of one run.
extension Bench {
    /// A Markdown file of `items` list items as people write them: front matter, headings,
    /// paragraphs, nested items (two levels below the top), tasks, ordered lists, a fenced code
    /// block holding a `- ` line and a quote holding a list in each section of 50 items.
    static func realMarkdown(items: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(items * 30)
        func put(_ s: String) { out.append(contentsOf: s.utf8) }
        put("---\ntitle: Bench\n---\n\n")
        var n = 0
        var section = 0
        while n < items {
            section += 1
            put("## Section \(section)\n\nSome notes about this part of the project, with *emphasis* and `code`.\n\n")
            for k in 0..<50 where n < items {
                switch k % 10 {
                case 0: put("- [ ] task \(n) to do soon\n")
                case 1: put("- [x] done task \(n)\n  with a second line\n")
                case 2: put("  - nested item \(n)\n")
                case 3: put("    - deeper item \(n) [link](https://example.com)\n")
                case 4: put("1. ordered item \(n)\n")
                case 5: put("2. another \(n)\n   - [ ] nested task\n"); n += 1
                default: put("* plain item \(n)\n")
                }
                n += 1
            }
            put("\n```swift\n- not an item\nlet x = 1\n```\n\n> A quote with a list:\n> - quoted\n\n")
        }
        return out
    }

    /// The real-shaped to-do file of `Scripts/bench.py --real`, for the open and key figures
    /// (`--real`): front matter, ten sections under headings of two levels, a paragraph opening
    /// each (a passage), items nested three deep, tasks checked and open, emphasis and code
    /// spans, and every 50th item carrying an indented paragraph and a fenced code block.
    static func realTodo(items: Int, sections: Int = 10) -> [UInt8] {
        let words = ["milk", "eggs", "café", "naïve", "größe", "日本", "über", "tea", "brot", "piña", "ça", "rice"]
        var g = UInt64(12345)
        func next() -> Int { g = g &* 6364136223846793005 &+ 1442695040888963407; return Int(g >> 33) }
        var out: [UInt8] = []
        out.reserveCapacity(items * 30)
        func put(_ s: String) { out.append(contentsOf: s.utf8) }
        put("---\ntitle: Bench\ntags: [bench, real]\n---\n\n")
        let per = items / sections
        for s in 0..<sections {
            put("\(s % 2 == 0 ? "#" : "##") Section \(s)\n\n")
            put("Notes for section \(s), with *emphasis*, `code` and a [link](https://example.com).\n\n")
            for i in 0..<per {
                let level = i % 5 == 0 ? 0 : (i % 5 == 2 ? 2 : 1)
                var text = ""
                while text.utf8.count < 18 { text += words[next() % words.count] + " " }
                text.removeLast()
                let box = i % 2 == 0 ? (i % 3 == 0 ? "[x] " : "[ ] ") : ""
                if i % 7 == 0 { text = "**\(text)** `x`" }
                put(String(repeating: "  ", count: level) + "- " + box + text + "\n")
                if i % 50 == 49 {
                    let pad = String(repeating: "  ", count: level + 1)
                    put("\n\(pad)A paragraph inside the item.\n\n\(pad)```\n\(pad)code()\n\(pad)```\n\n")
                }
            }
            put("\n")
        }
        return out
    }

    /// The list as read with one task toggled: the first task of the middle section, so that
    /// unchanged sections come before and after it.
    static func toggledList(_ scan: MarkdownScan) -> MarkdownList {
        var list = MarkdownList(scan)
        let middle = list.sections.count / 2
        for s in Array(list.sections.indices[middle...]) + Array(list.sections.indices[..<middle]) {
            if let r = list.sections[s].rows.firstIndex(where: { $0.checkbox != nil }) {
                list.sections[s].rows[r].checkbox?.toggle()
                break
            }
        }
        return list
    }

    static func measureMarkdown(items: Int, runs: Int, dir: String) throws {
        resetPeakMemory()
        var old: [Double] = [], simpleScan: [Double] = [], realScan: [Double] = []
        var untouched: [Double] = [], toggled: [Double] = [], saved: [Double] = [], copied: [Double] = []
        let simpleBytes: Int
        do {
            let simple = simpleMarkdown(rows: items, sections: 10)
            simpleBytes = simple.count
            for _ in 0..<runs {
                var t0 = now()
                _ = try MarkdownFormat.read(simple, name: "simple.md")
                old.append(now() - t0)
                t0 = now()
                _ = MarkdownScanner.scan(simple)
                simpleScan.append(now() - t0)
            }
        }
        let real = realMarkdown(items: items)
        var scan = MarkdownScan()
        for _ in 0..<runs {
            let t0 = now()
            scan = MarkdownScanner.scan(real)
            realScan.append(now() - t0)
        }
        let list = MarkdownList(scan)
        let toggle = toggledList(scan)
        let savePath = "\(dir)/real-save.md", copyPath = "\(dir)/real-copy.md"
        for _ in 0..<runs {
            var t0 = now()
            _ = try MarkdownWriter.write(real, scan, list, name: "real.md")
            untouched.append(now() - t0)
            t0 = now()
            _ = try MarkdownWriter.write(real, scan, toggle, name: "real.md")
            toggled.append(now() - t0)
            t0 = now()
            let output = try MarkdownWriter.write(real, scan, toggle, name: "real.md")
            try FileAccess.writeAtomically(output, to: savePath)
            saved.append(now() - t0)
            t0 = now()
            try FileAccess.writeAtomically(output, to: copyPath)
            copied.append(now() - t0)
        }
        let mb = { (bytes: Int) in format1(Double(bytes) / 1e6) }
        emit("")
        emit("== Markdown, \(items) items: simple list \(mb(simpleBytes)) MB, real-shaped file \(mb(real.count)) MB, "
             + "\(scan.blocks.count) blocks of \(MemoryLayout<MarkdownBlock>.stride) B")
        emit("figure".padding(32) + " " + "median".leftPad(10) + " " + "worst".leftPad(10))
        row("document reader, simple list", old)
        row("scanner, same simple list", simpleScan)
        emit("(scanner / document reader, medians of this run: \(format3(stats(simpleScan).median / stats(old).median)))")
        row("scanner, real-shaped file", realScan)
        emit("(scanner throughput, medians: simple list \(format1(Double(simpleBytes) / 1e3 / stats(simpleScan).median)) MB/s, "
             + "real-shaped file \(format1(Double(real.count) / 1e3 / stats(realScan).median)) MB/s)")
        row("save untouched (writer)", untouched)
        row("save after a toggle (writer)", toggled)
        row("  the same, written to disk", saved)
        row("writeAtomically, same bytes", copied)
        emit("(save after a toggle / writeAtomically of its bytes, medians of this run: \(format3(stats(saved).median / stats(copied).median)))")
        emit("(peak RSS while measuring this size: \(peakMemoryMB()) MB)")
    }

    /// Each Markdown figure once, each in a function of its own, so that callgrind's inclusive
    /// counts name them (`Scripts/markdown-instructions.sh`).
    static func profileMarkdown(items: Int, dir: String) throws {
        let simple = simpleMarkdown(rows: items, sections: 10)
        let real = realMarkdown(items: items)
        profileOldParser(simple)
        profileScanSimple(simple)
        let scan = profileScanReal(real)
        let toggle = toggledList(scan)
        let output = try profileSaveToggle(real, scan, toggle)
        emit("profiled \(items) items: simple \(simple.count) B, real \(real.count) B, \(scan.blocks.count) blocks, saved \(output.count) B")
    }

    @inline(never) static func profileOldParser(_ bytes: [UInt8]) {
        _ = try? MarkdownFormat.read(bytes, name: "simple.md")
    }

    @inline(never) static func profileScanSimple(_ bytes: [UInt8]) {
        _ = MarkdownScanner.scan(bytes)
    }

    @inline(never) static func profileScanReal(_ bytes: [UInt8]) -> MarkdownScan {
        MarkdownScanner.scan(bytes)
    }

    @inline(never) static func profileSaveToggle(_ bytes: [UInt8], _ scan: MarkdownScan, _ list: MarkdownList) throws -> [UInt8] {
        try MarkdownWriter.write(bytes, scan, list, name: "real.md")
    }

    static func format1(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return "\(r)"
    }

    /// Starts a new peak: Linux resets VmHWM to the current RSS when 5 is written to clear_refs.
    static func resetPeakMemory() {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return }
        var five: UInt8 = 0x35
        _ = write(fd, &five, 1)
        close(fd)
    }

    /// VmHWM (peak resident memory since the last reset) in MB, "?" where /proc is missing.
    static func peakMemoryMB() -> String {
        guard let f = fopen("/proc/self/status", "r") else { return "?" }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, 256, f) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmHWM:") {
                let kb = Double(text.dropFirst(6).filter(\.isNumber)) ?? 0
                return format1(kb * 1024 / 1e6)
            }
        }
        return "?"
    }
}
