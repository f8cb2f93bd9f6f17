/**
 * The scenario work both target apps run, free of any web framework: the apps only decide on
 * which thread it runs (Tomcat platform thread, virtual thread, event loop, bounded scheduler).
 * Sharing it keeps the MVC and WebFlux apps doing exactly the same work per request.
 */
package dev.jvmbench.targetapp.scenario;
