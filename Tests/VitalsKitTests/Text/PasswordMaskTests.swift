import Foundation
import TestSupport
import Testing

@testable import VitalsKit

#if PostgreSQL
    @testable import VitalsPostgres
#endif

/// A password never comes back in a message, whatever form a URL or connection string gives it:
/// %-encoded or upper-case keys, `sslpassword`, user information holding `/ ? # @`.
@Suite struct PasswordMaskTests {
    let bare = ["USER": "ann", "HOME": "/nonexistent"]
    static let secret = "s3cr3tV4lue"

    /// Every form, each refused as a password in the URL, the secret nowhere in what is said.
    #if PostgreSQL
        @Test(arguments: [
            "postgres://bob:\(secret)@h/db",
            "POSTGRESQL://bob:\(secret)@h:5432/db",
            "postgres://bob@h/db?pass%77ord=\(secret)",
            "postgres://bob@h/db?PASSWORD=\(secret)",
            "postgres://bob@h/db?sslmode=require&Password=\(secret)",
            "postgres://bob@h/db?%70%61%73%73%77%6f%72%64=\(secret)",
            "postgres://bob@h/db?sslpassword=\(secret)",
            "postgres://bob@h/db?password=\(secret)%zz",
            "postgres://bob:pa/\(secret)@h/db",
            "postgres://bob:pa?\(secret)@h/db",
            "postgres://bob:pa#\(secret)@h/db",
            "postgres://bob:pa@\(secret)@h/db",
            "postgres://bob:\(secret)@h:99999/db?sslmode=sometimes",
        ])
        func aPasswordInAnyFormIsRefusedUnsaid(url: String) {
            #expect {
                try PostgresTarget(url: url, environment: bare)
            } throws: { error in
                guard let error = error as? PostgresStoreError else { return false }
                let text = ([error.message] + error.hints).joined(separator: "\n")
                guard case .passwordInURL = error else { return false }
                return !text.contains(Self.secret) && !text.contains("3cr3t") && error.kind == .badArgument
            }
        }
    #endif

    @Test func messagesQuotingAURLOrConnectionStringMaskIt() {
        let secret = Self.secret
        let texts = [
            "vitals: no database at postgress://bob:\(secret)@h/db; showing the demo data",
            "cannot open 'host=h password=\(secret) dbname=x'",
            "'postgres://h/db?PASS%57ORD=\(secret)&sslmode=require'",
            "postgres://h/db?x=1&%70assword=\(secret)",
            "unknown parameter in postgres://bob@h/db?pass+word=\(secret)",
            "postgres://bob:\(secret)@h/db and postgres://ann:\(secret)x@g/db",
        ]
        for text in texts {
            let masked = PasswordMask.masked(text)
            #expect(!masked.contains(secret), "\(masked)")
            #expect(masked.contains(PasswordMask.stars), "\(masked)")
        }
        // What holds no password is left as it was.
        for plain in [
            "postgres://bob@h:5432/db?sslmode=require&connect_timeout=3", "--width=10 and a=b",
            "http://example.org/a?b=c", "cannot reach the PostgreSQL server at 127.0.0.1:1: refused",
        ] {
            #expect(PasswordMask.masked(plain) == plain)
        }
        #expect(
            PasswordMask.masked("postgres://bob:x@h/db?password=y&sslmode=disable")
                == "postgres://bob:****@h/db?password=****&sslmode=disable")
        // The sync commands' own messages quote what they were given, masked.
        #if PostgreSQL
            #expect(!SyncError.notAServer("postgress://bob:\(secret)@h/db").message.contains(secret))
            #expect(!SyncError.notAFile("postgres://bob@h/db?PASSWORD=\(secret)").message.contains(secret))
        #endif
    }

    /// Random secrets in random forms never survive masking (naive check: the secret is a
    /// substring of the input and not of the output).
    @Test func randomSecretsInRandomFormsNeverSurvive() {
        var random = SplitMix(seed: 26)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/?#@:!$%()*+,;[]~-_.")
        let keys = [
            "password", "PASSWORD", "Password", "pass%77ord", "%50ASSWORD", "sslpassword", "passfile", "PassWord",
        ]
        for _ in 0..<2_000 {
            let length = Int.random(in: 6...20, using: &random)
            let secret = "Q" + String((0..<length).map { _ in alphabet.randomElement(using: &random)! }) + "Z"
            let text: String
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                text = "postgres://user:\(secret)@db.example:5432/health?sslmode=prefer"
            case 1:
                // In a query, a value ends at & (or a quote, or white space): those are not in the alphabet.
                let key = keys.randomElement(using: &random)!
                text = "error: 'postgres://u@h/db?sslmode=disable&\(key)=\(secret)&application_name=x' is wrong"
            default:
                text = "host=h \(keys.randomElement(using: &random)!)=\(secret) dbname=d"
            }
            let masked = PasswordMask.masked(text)
            // The secret's characters may mean something else in a URL (a ? or & ends a value):
            // what must never survive is the secret whole.
            #expect(!masked.contains(secret), "\(text) -> \(masked)")
        }
    }
}
