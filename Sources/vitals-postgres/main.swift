#if PostgreSQL
import VitalsCLI
import VitalsPostgresCLI

// `vitals-postgres`: every command of `vitals` plus the PostgreSQL store backend and its
// commands (push, pull, grant, revoke, catalog). `vitals` hands those over to it; it can also be
// run by itself.
VitalsCLI.main(storeBackends: [PostgresCommands.backend], commands: PostgresCommands.all)
#else
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Built without the PostgreSQL trait, it depends on nothing and only says how to build it.
let message = "vitals-postgres: error: built without the PostgreSQL trait; build it with `swift build -c release --traits PostgreSQL` (README, Install)\n"
_ = message.withCString { write(2, $0, strlen($0)) }
exit(2)
#endif
