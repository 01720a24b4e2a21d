"""The precise type of a Duel view with Agora, for the API documents and clients: Duel's
view types its expansion part `ext` as `Any`; with Agora it is an `AgoraView`."""

from domain.duel.views import DuelView
from domain.duel_agora.views import AgoraView


class AgoraDuelView(DuelView, frozen=True):
    """A Duel view with Agora's part (`ext`): the Senate, decrees and conspiracies."""

    ext: AgoraView | None = None
