import VitalsCLI

#if PostgreSQL
    import VitalsPostgresCLI
#endif

// The `vitals` executable: the command line with the built-in extensions and, built with the
// PostgreSQL trait (README, Install), the PostgreSQL store backend and its commands. A package
// that adds its own screens calls `VitalsCLI.main(Extensions(screens: …))` the same way
// (Examples/).
#if PostgreSQL
    VitalsCLI.main(PostgresCommands.extensions, commands: PostgresCommands.self)
#else
    VitalsCLI.main()
#endif
