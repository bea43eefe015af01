import TestSupport

/// The shared deterministic generator (`TestSupport.SplitMix`) under the name these tests use.
typealias SplitMix = TestSupport.SplitMix
