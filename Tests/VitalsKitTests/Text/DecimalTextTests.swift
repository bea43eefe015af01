import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// `DecimalText` writes what `String(format:)` (C's printf) writes, checked on random values:
/// the fast paths of `NumberStyle.format` and `LocalDate.description` depend on it.
@Suite struct DecimalTextTests {
    @Test func zeroPaddedIsPrintfsZeroPaddedInteger() async {
        await propertyCheck(count: 2000, input: Gen.int(in: -99_999...99_999), Gen.int(in: 0...6)) { n, width in
            #expect(DecimalText.zeroPadded(n, width: width) == String(format: "%0\(width)d", n))
        }
        for n in [Int.min + 1, Int.max, 0, -1] {
            #expect(DecimalText.zeroPadded(n, width: 4) == String(format: "%04ld", n))
        }
    }

    /// Values that are multiples of 10^-digits (as `NumberStyle.format` passes them): the same
    /// text as `%.Nf`, including halves, values near 2^53 once scaled, and negative zero.
    @Test func fixedIsPrintfsFixedPointForRoundedValues() async {
        await propertyCheck(
            count: 3000, input: Gen.int(in: -9_000_000_000_000_000...9_000_000_000_000_000), Gen.int(in: 0...10)
        ) { units, digits in
            let scale = pow(10, Double(digits))
            let value = (Double(units) / 1e3).rounded() / scale  // a multiple of 10^-digits
            if let text = DecimalText.fixed(ofRounded: value, digits: digits) {
                #expect(text == String(format: "%.\(digits)f", value), "\(value) with \(digits) digits")
            }
        }
        #expect(DecimalText.fixed(ofRounded: -0.0, digits: 1) == String(format: "%.1f", -0.0))
        #expect(DecimalText.fixed(ofRounded: 0.15, digits: 2) == "0.15")
        #expect(DecimalText.fixed(ofRounded: 1e300, digits: 1) == nil)
        #expect(DecimalText.fixed(ofRounded: .nan, digits: 1) == nil)
    }

    /// Values that are not multiples are declined (the caller then uses `String(format:)`),
    /// never written wrong.
    @Test func unroundedValuesAreDeclinedOrWrittenAsPrintfDoes() async {
        await propertyCheck(count: 3000, input: Gen.double(in: -1e9...1e9), Gen.int(in: 0...6)) { value, digits in
            if let text = DecimalText.fixed(ofRounded: value, digits: digits) {
                #expect(text == String(format: "%.\(digits)f", value), "\(value) with \(digits) digits")
            }
        }
    }

    /// `NumberStyle.format` agrees with the formula it had before the fast path.
    @Test func numberStyleFormatIsUnchanged() async {
        let style = NumberStyle(groupsThousands: false)
        await propertyCheck(count: 3000, input: Gen.double(in: -1e13...1e13), Gen.int(in: 0...4)) { value, digits in
            let scale = pow(10, Double(digits))
            var rounded = (abs(value) * scale).rounded(.toNearestOrAwayFromZero) / scale
            if rounded == 0 { rounded = 0 }
            let sign = value < 0 && rounded != 0 ? "-" : ""
            let expected = sign + String(format: "%.\(digits)f", rounded)
            #expect(style.format(value, fractionDigits: digits) == expected)
        }
    }
}
