import VitalsKit
