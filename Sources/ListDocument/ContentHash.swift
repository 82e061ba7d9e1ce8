/// A fast 64-bit hash of bytes, the same in every process and on every machine (Swift's `Hasher`
/// is seeded per process, so a hash it made could not be recorded in a recovery file and compared
/// by the next process).
///
///     ContentHash.of(Array("- Milk\n".utf8))
///
/// Eight bytes at a time, each multiplied into the state (xxHash64's round and primes), the last
/// bytes one at a time, the length mixed in, then murmur3's finaliser. It tells that a file
/// changed; it is not cryptographic and does not resist collisions made on purpose.
enum ContentHash {
    static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

    /// - Complexity: O(`bytes.count`).
    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes(of)
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var state = prime3
        var i = 0
        let words = bytes.count & ~7
        while i < words {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            state = (state &+ word &* prime2).rotated(31) &* prime1
            i += 8
        }
        while i < bytes.count {
            state = (state ^ UInt64(bytes[i]) &* prime3).rotated(11) &* prime1
            i += 1
        }
        state ^= UInt64(bytes.count)
        state ^= state >> 33
        state &*= 0xFF51_AFD7_ED55_8CCD
        state ^= state >> 33
        state &*= 0xC4CE_B9FE_1A85_EC53
        state ^= state >> 33
        return state
    }
}

extension UInt64 {
    fileprivate func rotated(_ bits: UInt64) -> UInt64 { self << bits | self >> (64 - bits) }
}
