// A table's chat on its board page: the history (`GET /games/{id}/chat`), then the lines
// pushed on the game socket, a send box that writes over that same socket (the library's
// `GameSession.chat`), the service's refusals in words, and a mute button per writer.
// Text is only ever put in text nodes: a line is never read as HTML.
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { ApiError, missingRoute, rest } from "./protocol.js";
export class Chat {
    /** `say` writes a line (resolves with its seq, rejects with the refusal); `myPlayer`: the
     * signed-in player (no mute button on its own lines). */
    constructor(gameId, token, myPlayer, say) {
        this.gameId = gameId;
        this.token = token;
        this.myPlayer = myPlayer;
        this.lines = new Map();
        this.muted = new Map();
        this.list = h("ol", { class: "chat-lines", id: "chat-lines", "aria-label": t("chat"), "aria-live": "polite" });
        this.status = h("p", { class: "chat-status", id: "chat-status", role: "status" });
        this.mutedList = h("ul", { class: "chat-muted", id: "chat-muted", "aria-label": t("mutedPlayers"), hidden: true });
        const input = h("input", { id: "chat-text", maxlength: 500, "aria-label": t("chatSay"), autocomplete: "off" });
        const button = h("button", { type: "submit", id: "chat-send" }, t("send"));
        const form = h("form", { class: "chat-form", id: "chat-form" }, input, " ", button);
        form.addEventListener("submit", async (e) => {
            e.preventDefault();
            const text = input.value.trim();
            if (!text)
                return;
            button.disabled = true;
            try {
                await say(text);
                input.value = "";
                this.status.textContent = "";
                delete this.status.dataset.code;
            }
            catch (err) {
                this.refused(err);
            }
            finally {
                button.disabled = false;
            }
        });
        this.element = h("section", { class: "panel chat", id: "chat", "aria-label": t("chat") }, h("h2", {}, t("chat")), this.list, this.status, form, this.mutedList);
        void this.load();
    }
    /** The service's refusal, in words where the page knows its code. */
    refused(err) {
        const code = err instanceof ApiError ? err.code : "error";
        const words = t(`chat_${code}`);
        this.status.dataset.code = code;
        this.status.textContent = words !== `chat_${code}` ? words : `${code}: ${err.message || err}`;
    }
    /** The history (again after an unmute): every line, in seq order, without the muted. */
    async load() {
        try {
            const reply = await rest("GET", `/games/${this.gameId}/chat?limit=200`, undefined, this.token);
            const messages = Array.isArray(reply) ? reply : reply?.messages ?? [];
            for (const m of messages)
                this.add(m);
            if (reply?.settings?.closed) {
                this.status.dataset.code = "chat_closed";
                this.status.textContent = t("chat_chat_closed");
            }
            this.element.dataset.loaded = "yes";
        }
        catch (err) {
            if (missingRoute(err)) {
                this.element.hidden = true;
                return;
            } // a service without chat
            this.refused(err);
        }
    }
    /** One line (from the history or pushed): kept once, in the table's order. */
    add(msg) {
        const line = msg;
        if (typeof line.seq !== "number" || this.lines.has(line.seq))
            return;
        if (line.player_id && this.muted.has(line.player_id))
            return;
        const who = line.name || (line.seat === null ? t("spectator") : "?");
        const item = h("li", { class: "chat-line", "data-seq": line.seq, "data-player": line.player_id ?? "" }, h("strong", { class: "chat-name" }, who), ": ", h("span", { class: "chat-text" }, line.text ?? ""));
        if (line.player_id && line.player_id !== this.myPlayer) {
            item.append(" ", h("button", { type: "button", class: "chat-mute", "aria-label": `${t("mute")}: ${who}`,
                onclick: () => void this.mute(line.player_id, who, true) }, t("mute")));
        }
        const after = [...this.lines.keys()].filter((s) => s > line.seq).sort((a, b) => a - b)[0];
        if (after === undefined)
            this.list.append(item);
        else
            this.lines.get(after).before(item);
        this.lines.set(line.seq, item);
        while (this.lines.size > 200) {
            const oldest = Math.min(...this.lines.keys());
            this.lines.get(oldest).remove();
            this.lines.delete(oldest);
        }
        this.list.scrollTop = this.list.scrollHeight;
    }
    /** Mute (or unmute) a writer for me alone: the service leaves their lines out of my
     * history and my socket; the page takes away those it shows. */
    async mute(player, name, muted) {
        try {
            await rest("POST", `/games/${this.gameId}/chat/mute`, { player_id: player, muted }, this.token);
        }
        catch (err) {
            this.refused(err);
            return;
        }
        if (muted) {
            this.muted.set(player, name);
            for (const [seq, item] of [...this.lines])
                if (item.dataset.player === player) {
                    item.remove();
                    this.lines.delete(seq);
                }
        }
        else {
            this.muted.delete(player);
            void this.load();
        }
        this.mutedList.hidden = this.muted.size === 0;
        clear(this.mutedList).append(...[...this.muted].map(([id, who]) => h("li", { "data-player": id }, `${t("mutedPlayers")}: ${who} `, h("button", { type: "button", class: "chat-unmute", onclick: () => void this.mute(id, who, false) }, t("unmute")))));
    }
}
