import VitalsCLI

// The `vitals` executable: the command line with the built-in screens and chart kinds. A package
// that adds its own calls `VitalsCLI.main(screens:chartKinds:)` the same way (Examples/).
VitalsCLI.main()
