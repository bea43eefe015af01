import Foundation
import VitalsKit

/// SplitMix64: a small, fast, seedable generator, so demo data is the same on every run.
struct DemoRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A generator for one part of the data set, so parts do not shift each other.
    init(seed: UInt64, stream: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a of the stream name
        for byte in stream.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        state = seed ^ hash
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// An integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// Normally distributed (Box–Muller), mean 0.
    mutating func gaussian(_ sigma: Double = 1) -> Double {
        let u1 = max(unit(), 1e-12)
        let u2 = unit()
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// `value` rounded to a multiple of `step` (0.25 portions, 0.1 kg).
    static func round(_ value: Double, to step: Double) -> Double {
        // The last rounding removes binary noise (5.300000000000001 → 5.3).
        ((value / step).rounded() * step * 1e6).rounded() / 1e6
    }
}

/// Europe/Amsterdam wall-clock rules (CET/CEST, EU switch at 01:00 UTC on the last Sundays of
/// March and October), computed here so demo data never depends on the machine's tzdata.
enum DemoClock {
    static func offset(atUTC seconds: Int) -> Int {
        let year = LocalDate(dayNumber: seconds / 86_400).year
        func lastSunday(_ month: Int) -> Int {
            let last = LocalDate(year: year, month: month, day: 31)
            return last.adding(days: -(last.isoWeekday % 7)).dayNumber * 86_400 + 3600
        }
        return seconds >= lastSunday(3) && seconds < lastSunday(10) ? 7200 : 3600
    }

    /// The instant and offset of a wall-clock time `minutes` after the local midnight of `day`
    /// (minutes past 1440 run into the next day).
    static func at(_ day: LocalDate, minutes: Double) -> (date: Date, offset: Int) {
        let wall = day.dayNumber * 86_400 + Int((minutes * 60).rounded())
        var offset = self.offset(atUTC: wall - 3600)
        offset = self.offset(atUTC: wall - offset)
        return (Date(timeIntervalSince1970: TimeInterval(wall - offset)), offset)
    }
}
