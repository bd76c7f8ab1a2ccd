#ifndef NAVGRAPH_CGRAPHVIZ_SHIM_H
#define NAVGRAPH_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
