import Foundation
import ReelUI

exit(ReelApplication().run())
