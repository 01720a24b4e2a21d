// The client library's GameSession is written against the `ws` package (Node). In the page an
// import map points "ws" here: the browser's own WebSocket behind the few calls it makes.
export default class BrowserSocket {
    constructor(url) {
        this.socket = new WebSocket(url);
    }
    on(event, listener) {
        if (event === "message")
            this.socket.addEventListener("message", (e) => listener(e.data));
        else if (event === "close")
            this.socket.addEventListener("close", (e) => listener(e.code));
        else
            this.socket.addEventListener(event, listener);
    }
    send(data) { this.socket.send(data); }
    close() { this.socket.close(); }
    terminate() { this.socket.close(); }
}
