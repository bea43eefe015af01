import VitalsCLI

// The `vitals` executable: the command line with the built-in screens and chart kinds. Built with
// the PostgreSQL trait (README, Install), it hands the PostgreSQL commands and every postgres://
// location to `vitals-postgres`, installed beside it, and so starts without loading the
// PostgreSQL client. A package that adds its own screens calls `VitalsCLI.main(screens:…)` the
// same way (Examples/).
#if PostgreSQL
VitalsCLI.main(companion: .postgres)
#else
VitalsCLI.main()
#endif
