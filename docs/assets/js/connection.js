// What a reader's connection costs and how a download's size reads, in one place for the page,
// the calculator's worker and the service worker. A classic script that only sets names on the
// global scope: the service worker (a classic worker) loads it with importScripts, and the page's
// modules and the module worker import it for that effect.
(function (scope) {
  // Metered: the reader asked to save data, or the link is cellular or slow. null when the
  // browser does not say (no navigator.connection): callers decide what not knowing means.
  scope.codexMetered = (connection) => (connection
    ? Boolean(connection.saveData || connection.type === "cellular"
      || ["slow-2g", "2g", "3g"].includes(connection.effectiveType))
    : null);
  const figure = (bytes) => (bytes / 1e6).toFixed(1);
  // "24.1 MB"; and a download under way, "3.4 of 5.2 MB"
  scope.codexMegabytes = (bytes) => `${figure(bytes)} MB`;
  scope.codexMegabytesOf = (done, total) => `${figure(done)} of ${figure(total)} MB`;
  // a download whose size depends on the connection: "4.6 to 9.4 MB" (one figure when they agree)
  scope.codexMegabytesFromTo = (least, most) => (figure(least) === figure(most)
    ? `${figure(most)} MB` : `${figure(least)} to ${figure(most)} MB`);
})(self);
