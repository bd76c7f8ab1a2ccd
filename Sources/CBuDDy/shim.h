#ifndef NAVGRAPH_CBUDDY_SHIM_H
#define NAVGRAPH_CBUDDY_SHIM_H
// BuDDy 2.4 (Debian's libbdd-dev): binary decision diagrams. Only
// NavigationChecker/Symbolic/DecisionDiagrams.swift calls it.
#include <stdio.h>
#include <bdd.h>
#endif
