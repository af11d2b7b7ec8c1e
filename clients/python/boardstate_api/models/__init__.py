"""Contains all the data models used in inputs/outputs"""

from .answer_in import AnswerIn
from .bot_in import BotIn
from .clock_out import ClockOut
from .create_game_in import CreateGameIn
from .delivery_out import DeliveryOut
from .event_out import EventOut
from .event_out_data import EventOutData
from .event_out_move_type_0 import EventOutMoveType0
from .events_page_out import EventsPageOut
from .fork_origin_out import ForkOriginOut
from .game_created_out import GameCreatedOut
from .game_out import GameOut
from .game_out_status import GameOutStatus
from .game_type_out import GameTypeOut
from .game_type_out_event_schema import GameTypeOutEventSchema
from .game_type_out_move_schema import GameTypeOutMoveSchema
from .game_type_out_options_schema import GameTypeOutOptionsSchema
from .game_type_out_provenance import GameTypeOutProvenance
from .game_type_out_variants_item import GameTypeOutVariantsItem
from .games_page_out import GamesPageOut
from .join_in import JoinIn
from .legal_moves_out import LegalMovesOut
from .legal_moves_out_moves_item import LegalMovesOutMovesItem
from .list_games_status import ListGamesStatus
from .move_accepted_out import MoveAcceptedOut
from .move_in import MoveIn
from .player_count_out import PlayerCountOut
from .problem_out import ProblemOut
from .problem_out_code import ProblemOutCode
from .problem_out_details_type_0 import ProblemOutDetailsType0
from .result_out import ResultOut
from .result_out_details_type_0 import ResultOutDetailsType0
from .seat_clock_out import SeatClockOut
from .seat_joined_out import SeatJoinedOut
from .seat_out import SeatOut
from .seat_token_out import SeatTokenOut
from .stand_in_in import StandInIn
from .state_out import StateOut
from .state_out_state import StateOutState
from .suggest_move_response_200 import SuggestMoveResponse200
from .suggest_move_response_200_move import SuggestMoveResponse200Move
from .table_updated_out import TableUpdatedOut
from .takeback_out import TakebackOut
from .webhook_created_out import WebhookCreatedOut
from .webhook_in import WebhookIn
from .webhook_out import WebhookOut
from .webhook_patch_in import WebhookPatchIn

__all__ = (
    "AnswerIn",
    "BotIn",
    "ClockOut",
    "CreateGameIn",
    "DeliveryOut",
    "EventOut",
    "EventOutData",
    "EventOutMoveType0",
    "EventsPageOut",
    "ForkOriginOut",
    "GameCreatedOut",
    "GameOut",
    "GameOutStatus",
    "GameTypeOut",
    "GameTypeOutEventSchema",
    "GameTypeOutMoveSchema",
    "GameTypeOutOptionsSchema",
    "GameTypeOutProvenance",
    "GameTypeOutVariantsItem",
    "GamesPageOut",
    "JoinIn",
    "LegalMovesOut",
    "LegalMovesOutMovesItem",
    "ListGamesStatus",
    "MoveAcceptedOut",
    "MoveIn",
    "PlayerCountOut",
    "ProblemOut",
    "ProblemOutCode",
    "ProblemOutDetailsType0",
    "ResultOut",
    "ResultOutDetailsType0",
    "SeatClockOut",
    "SeatJoinedOut",
    "SeatOut",
    "SeatTokenOut",
    "StandInIn",
    "StateOut",
    "StateOutState",
    "SuggestMoveResponse200",
    "SuggestMoveResponse200Move",
    "TableUpdatedOut",
    "TakebackOut",
    "WebhookCreatedOut",
    "WebhookIn",
    "WebhookOut",
    "WebhookPatchIn",
)
