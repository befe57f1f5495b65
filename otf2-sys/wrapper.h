/* Everything the bindings expose comes from the public OTF2 umbrella header.
 * <stdio.h> is included only for vsnprintf, which formats the va_list that
 * OTF2 hands to its error callback (the va_list type then matches exactly). */
#include <stdio.h>
#include <otf2/otf2.h>
