// SwiftPM needs one source file for a C target; the shims are inline.
#include "CShims.h"
