import FolderStore
import VitalsCLI
import WaterScreen

// `vitals` with everything it ships plus the Water screen, the ring chart kind and the
// `folder://` store backend.
VitalsCLI.main(screens: [WaterScreen()], chartKinds: [RingChart.self], storeBackends: [FolderStoreBackend.self])
