from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bot_in import BotIn


T = TypeVar("T", bound="CreateGameIn")


@_attrs_define
class CreateGameIn:
    """`POST /v1/games`: `seats` (player names) fills every seat at once and starts the game.

    Attributes:
        game_type (str):
        players (int):
        options (Any | Unset):
        seed (None | str | Unset):
        seats (list[str] | None | Unset):
        bots (list[BotIn] | None | Unset):
        player_ids (list[None | str] | None | Unset):
        rated (bool | Unset):  Default: False.
    """

    game_type: str
    players: int
    options: Any | Unset = UNSET
    seed: None | str | Unset = UNSET
    seats: list[str] | None | Unset = UNSET
    bots: list[BotIn] | None | Unset = UNSET
    player_ids: list[None | str] | None | Unset = UNSET
    rated: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        game_type = self.game_type

        players = self.players

        options = self.options

        seed: None | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        seats: list[str] | None | Unset
        if isinstance(self.seats, Unset):
            seats = UNSET
        elif isinstance(self.seats, list):
            seats = self.seats

        else:
            seats = self.seats

        bots: list[dict[str, Any]] | None | Unset
        if isinstance(self.bots, Unset):
            bots = UNSET
        elif isinstance(self.bots, list):
            bots = []
            for bots_type_0_item_data in self.bots:
                bots_type_0_item = bots_type_0_item_data.to_dict()
                bots.append(bots_type_0_item)

        else:
            bots = self.bots

        player_ids: list[None | str] | None | Unset
        if isinstance(self.player_ids, Unset):
            player_ids = UNSET
        elif isinstance(self.player_ids, list):
            player_ids = []
            for player_ids_type_0_item_data in self.player_ids:
                player_ids_type_0_item: None | str
                player_ids_type_0_item = player_ids_type_0_item_data
                player_ids.append(player_ids_type_0_item)

        else:
            player_ids = self.player_ids

        rated = self.rated

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "gameType": game_type,
                "players": players,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if seed is not UNSET:
            field_dict["seed"] = seed
        if seats is not UNSET:
            field_dict["seats"] = seats
        if bots is not UNSET:
            field_dict["bots"] = bots
        if player_ids is not UNSET:
            field_dict["playerIds"] = player_ids
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bot_in import BotIn

        d = dict(src_dict)
        game_type = d.pop("gameType")

        players = d.pop("players")

        options = d.pop("options", UNSET)

        def _parse_seed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        def _parse_seats(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                seats_type_0 = cast(list[str], data)

                return seats_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        seats = _parse_seats(d.pop("seats", UNSET))

        def _parse_bots(data: object) -> list[BotIn] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                bots_type_0 = []
                _bots_type_0 = data
                for bots_type_0_item_data in _bots_type_0:
                    bots_type_0_item = BotIn.from_dict(bots_type_0_item_data)

                    bots_type_0.append(bots_type_0_item)

                return bots_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[BotIn] | None | Unset, data)

        bots = _parse_bots(d.pop("bots", UNSET))

        def _parse_player_ids(data: object) -> list[None | str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                player_ids_type_0 = []
                _player_ids_type_0 = data
                for player_ids_type_0_item_data in _player_ids_type_0:

                    def _parse_player_ids_type_0_item(data: object) -> None | str:
                        if data is None:
                            return data
                        return cast(None | str, data)

                    player_ids_type_0_item = _parse_player_ids_type_0_item(
                        player_ids_type_0_item_data
                    )

                    player_ids_type_0.append(player_ids_type_0_item)

                return player_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[None | str] | None | Unset, data)

        player_ids = _parse_player_ids(d.pop("playerIds", UNSET))

        rated = d.pop("rated", UNSET)

        create_game_in = cls(
            game_type=game_type,
            players=players,
            options=options,
            seed=seed,
            seats=seats,
            bots=bots,
            player_ids=player_ids,
            rated=rated,
        )

        return create_game_in
