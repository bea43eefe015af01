public enum VitalsKitVersion { public static let string = "0.1.0" }
