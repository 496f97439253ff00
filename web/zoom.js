// go-app's page head carries a viewport tag that forbids zooming
// (maximum-scale=1, user-scalable=0). This script, loaded right after it,
// lets people zoom before the first layout; it is a file of its own because
// the Content-Security-Policy allows no inline script.
document.querySelector('meta[name="viewport"]').content = "width=device-width, initial-scale=1, viewport-fit=cover";
