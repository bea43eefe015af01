import FolderStore
import JUnitReport
import PressureChart
import ScaleImporter
import VitalsCLI
import VitalsKit
import WaterRules
import WaterScreen

// `vitals` with everything it ships plus the Water screen, the ring and pressure-range chart
// kinds, the ring-needs-target rule, the acme-scale importer, the JUnit report of `validate`
// and the `folder://` store backend, in one value.
VitalsCLI.main(
    Extensions(
        screens: [WaterScreen()],
        chartKinds: [RingChart.self, PressureRangeChart.self],
        rules: [RingNeedsTargetRule()],
        storeBackends: [FolderStoreBackend.self],
        importers: [ScaleImporter.self],
        outputFormats: [JUnitDiagnosticFormat.self]))
