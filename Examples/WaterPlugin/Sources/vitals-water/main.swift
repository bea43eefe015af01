import VitalsCLI
import WaterScreen

// `vitals` with everything it ships plus the Water screen and the ring chart kind.
VitalsCLI.main(screens: [WaterScreen()], chartKinds: [RingChart.self])
