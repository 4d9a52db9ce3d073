// GTK 4 and libadwaita.
#include <gtk/gtk.h>
#include <adwaita.h>
