import VitalsCLI
#if PostgreSQL
import VitalsPostgresCLI
#endif

// The `vitals` executable: the command line with the built-in screens and chart kinds, and,
// built with the PostgreSQL trait (README, Install), the PostgreSQL store backend and its
// commands. A package that adds its own screens calls `VitalsCLI.main(screens:…)` the same way
// (Examples/).
#if PostgreSQL
VitalsCLI.main(storeBackends: [PostgresCommands.backend], commands: PostgresCommands.all)
#else
VitalsCLI.main()
#endif
