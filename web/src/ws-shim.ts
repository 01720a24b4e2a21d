// The client library's GameSession is written against the `ws` package (Node). In the page an
// import map points "ws" here: the browser's own WebSocket behind the few calls it makes.

type Listener = (arg: any) => void;

export default class BrowserSocket {
  private socket: WebSocket;

  constructor(url: string) {
    this.socket = new WebSocket(url);
  }

  on(event: "open" | "message" | "error" | "close", listener: Listener): void {
    if (event === "message") this.socket.addEventListener("message", (e) => listener(e.data));
    else if (event === "close") this.socket.addEventListener("close", (e) => listener(e.code));
    else this.socket.addEventListener(event, listener);
  }

  send(data: string): void { this.socket.send(data); }

  close(): void { this.socket.close(); }

  terminate(): void { this.socket.close(); }
}
