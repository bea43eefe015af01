#if PostgreSQL
    import Foundation
    import NIOSSL
    import PostgresNIO
    import VitalsKit

    /// What each `sslmode` means for a connection, as libpq defines them.
    ///
    /// - disable: plain only.
    /// - allow: plain first; TLS when the server refuses the plain login.
    /// - prefer: TLS when the server offers it, else plain (no certificate check).
    /// - require: TLS or nothing, the certificate not checked — unless a CA file is given
    ///   (`sslrootcert`) or `~/.postgresql/root.crt` exists, when it is checked as verify-ca does.
    /// - verify-ca: TLS, the server's certificate signed by the CA (`sslrootcert`, else
    ///   `~/.postgresql/root.crt`; `sslrootcert=system`: the system's CAs).
    /// - verify-full: as verify-ca, and the certificate names the host.
    enum PostgresTLS {
        typealias TLS = PostgresConnection.Configuration.TLS

        /// The TLS settings to try, in order (two for `allow`).
        static func attempts(for target: PostgresTarget) throws -> [TLS] {
            if target.isUnixSocket { return [.disable] }
            switch target.sslMode {
            case .disable:
                return [.disable]
            case .allow:
                return [.disable, .require(try context(verify: .none, target: target))]
            case .prefer:
                return [.prefer(try context(verify: .none, target: target))]
            case .require:
                if rootCertificate(for: target) != nil {
                    return [.require(try context(verify: .noHostnameVerification, target: target))]
                }
                return [.require(try context(verify: .none, target: target))]
            case .verifyCA:
                return [.require(try context(verify: .noHostnameVerification, target: target))]
            case .verifyFull:
                return [.require(try context(verify: .fullVerification, target: target))]
            }
        }

        /// The CA file for checking the server: `sslrootcert`, else `~/.postgresql/root.crt` if present.
        static func rootCertificate(for target: PostgresTarget) -> String? {
            if let file = target.sslRootCert, !file.isEmpty { return file }
            let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
            let standard = home + "/.postgresql/root.crt"
            return FileManager.default.fileExists(atPath: standard) ? standard : nil
        }

        private static func context(verify: CertificateVerification, target: PostgresTarget) throws -> NIOSSLContext {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = verify
            if verify != .none {
                switch rootCertificate(for: target) {
                case "system":
                    configuration.trustRoots = .default
                case let file?:
                    guard FileManager.default.isReadableFile(atPath: file) else {
                        throw PostgresStoreError.tls(
                            server: target.serverName, sslMode: target.sslMode.rawValue,
                            reason: "cannot read the CA file \(file)")
                    }
                    configuration.trustRoots = .file(file)
                case nil:
                    throw PostgresStoreError.tls(
                        server: target.serverName, sslMode: target.sslMode.rawValue,
                        reason: "no CA to check the server with (no sslrootcert, no ~/.postgresql/root.crt)")
                }
            }
            do {
                return try NIOSSLContext(configuration: configuration)
            } catch {
                throw PostgresStoreError.tls(
                    server: target.serverName, sslMode: target.sslMode.rawValue, reason: "\(error)")
            }
        }
    }
#endif
