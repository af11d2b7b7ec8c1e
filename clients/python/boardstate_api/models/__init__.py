"""Contains all the data models used in inputs/outputs"""

from .analyse_game_response_200 import AnalyseGameResponse200
from .analyse_game_response_200_moves_item import AnalyseGameResponse200MovesItem
from .analyse_game_response_200_moves_item_best_type_0 import (
    AnalyseGameResponse200MovesItemBestType0,
)
from .analyse_game_response_200_moves_item_move import (
    AnalyseGameResponse200MovesItemMove,
)
from .analyse_game_response_200_status import AnalyseGameResponse200Status
from .answer_in import AnswerIn
from .bot_in import BotIn
from .bot_in_policy import BotInPolicy
from .challenge_in import ChallengeIn
from .challenge_in_bot_policy import ChallengeInBotPolicy
from .challenge_out import ChallengeOut
from .challenges_page_out import ChallengesPageOut
from .clock_out import ClockOut
from .create_game_in import CreateGameIn
from .delivery_out import DeliveryOut
from .event_out import EventOut
from .event_out_data import EventOutData
from .event_out_move_type_0 import EventOutMoveType0
from .events_page_out import EventsPageOut
from .fork_in import ForkIn
from .fork_origin_out import ForkOriginOut
from .game_created import GameCreated
from .game_created_data import GameCreatedData
from .game_created_data_seats_item import GameCreatedDataSeatsItem
from .game_created_data_status import GameCreatedDataStatus
from .game_created_out import GameCreatedOut
from .game_ended import GameEnded
from .game_ended_data import GameEndedData
from .game_ended_data_seats_item import GameEndedDataSeatsItem
from .game_ended_data_status import GameEndedDataStatus
from .game_out import GameOut
from .game_out_status import GameOutStatus
from .game_started import GameStarted
from .game_started_data import GameStartedData
from .game_started_data_seats_item import GameStartedDataSeatsItem
from .game_started_data_status import GameStartedDataStatus
from .game_type_out import GameTypeOut
from .game_type_out_event_schema import GameTypeOutEventSchema
from .game_type_out_move_schema import GameTypeOutMoveSchema
from .game_type_out_options_schema import GameTypeOutOptionsSchema
from .game_type_out_provenance import GameTypeOutProvenance
from .game_type_out_state_schema import GameTypeOutStateSchema
from .game_type_out_variants_item import GameTypeOutVariantsItem
from .games_page_out import GamesPageOut
from .header_out import HeaderOut
from .header_out_state_type_0 import HeaderOutStateType0
from .header_out_status import HeaderOutStatus
from .imported_out import ImportedOut
from .imported_out_status import ImportedOutStatus
from .join_in import JoinIn
from .leaderboard_out import LeaderboardOut
from .legal_moves_out import LegalMovesOut
from .legal_moves_out_moves_item import LegalMovesOutMovesItem
from .list_games_status import ListGamesStatus
from .list_my_games_status import ListMyGamesStatus
from .move_accepted_out import MoveAcceptedOut
from .move_in import MoveIn
from .move_minimal_out import MoveMinimalOut
from .player_count_out import PlayerCountOut
from .player_in import PlayerIn
from .player_out import PlayerOut
from .player_patch_in import PlayerPatchIn
from .player_ratings_out import PlayerRatingsOut
from .player_token_out import PlayerTokenOut
from .problem_out import ProblemOut
from .problem_out_code import ProblemOutCode
from .problem_out_details_type_0 import ProblemOutDetailsType0
from .rating_change_out import RatingChangeOut
from .rating_history_out import RatingHistoryOut
from .rating_out import RatingOut
from .rematch_out import RematchOut
from .result_out import ResultOut
from .result_out_details_type_0 import ResultOutDetailsType0
from .seat_clock_out import SeatClockOut
from .seat_joined_out import SeatJoinedOut
from .seat_out import SeatOut
from .seat_timed_out import SeatTimedOut
from .seat_timed_out_data import SeatTimedOutData
from .seat_timed_out_data_seats_item import SeatTimedOutDataSeatsItem
from .seat_timed_out_data_status import SeatTimedOutDataStatus
from .seat_token_out import SeatTokenOut
from .seek_in import SeekIn
from .seek_in_bot_policy import SeekInBotPolicy
from .seek_out import SeekOut
from .stand_in_in import StandInIn
from .stand_in_in_policy import StandInInPolicy
from .state_out import StateOut
from .state_out_state import StateOutState
from .stream_event_out import StreamEventOut
from .stream_event_out_data import StreamEventOutData
from .stream_event_out_move_type_0 import StreamEventOutMoveType0
from .suggest_move_response_200 import SuggestMoveResponse200
from .suggest_move_response_200_move import SuggestMoveResponse200Move
from .table_updated_out import TableUpdatedOut
from .takeback_out import TakebackOut
from .takeback_requested import TakebackRequested
from .takeback_requested_data import TakebackRequestedData
from .takeback_requested_data_seats_item import TakebackRequestedDataSeatsItem
from .takeback_requested_data_status import TakebackRequestedDataStatus
from .tokens_revoked_out import TokensRevokedOut
from .turn_changed import TurnChanged
from .turn_changed_data import TurnChangedData
from .turn_changed_data_deadlines_item import TurnChangedDataDeadlinesItem
from .turn_changed_data_owed_item import TurnChangedDataOwedItem
from .turn_changed_data_seats_item import TurnChangedDataSeatsItem
from .turn_changed_data_status import TurnChangedDataStatus
from .verification_out import VerificationOut
from .verify_failure_out import VerifyFailureOut
from .webhook_created_out import WebhookCreatedOut
from .webhook_in import WebhookIn
from .webhook_out import WebhookOut
from .webhook_patch_in import WebhookPatchIn

__all__ = (
    "AnalyseGameResponse200",
    "AnalyseGameResponse200MovesItem",
    "AnalyseGameResponse200MovesItemBestType0",
    "AnalyseGameResponse200MovesItemMove",
    "AnalyseGameResponse200Status",
    "AnswerIn",
    "BotIn",
    "BotInPolicy",
    "ChallengeIn",
    "ChallengeInBotPolicy",
    "ChallengeOut",
    "ChallengesPageOut",
    "ClockOut",
    "CreateGameIn",
    "DeliveryOut",
    "EventOut",
    "EventOutData",
    "EventOutMoveType0",
    "EventsPageOut",
    "ForkIn",
    "ForkOriginOut",
    "GameCreated",
    "GameCreatedData",
    "GameCreatedDataSeatsItem",
    "GameCreatedDataStatus",
    "GameCreatedOut",
    "GameEnded",
    "GameEndedData",
    "GameEndedDataSeatsItem",
    "GameEndedDataStatus",
    "GameOut",
    "GameOutStatus",
    "GameStarted",
    "GameStartedData",
    "GameStartedDataSeatsItem",
    "GameStartedDataStatus",
    "GameTypeOut",
    "GameTypeOutEventSchema",
    "GameTypeOutMoveSchema",
    "GameTypeOutOptionsSchema",
    "GameTypeOutProvenance",
    "GameTypeOutStateSchema",
    "GameTypeOutVariantsItem",
    "GamesPageOut",
    "HeaderOut",
    "HeaderOutStateType0",
    "HeaderOutStatus",
    "ImportedOut",
    "ImportedOutStatus",
    "JoinIn",
    "LeaderboardOut",
    "LegalMovesOut",
    "LegalMovesOutMovesItem",
    "ListGamesStatus",
    "ListMyGamesStatus",
    "MoveAcceptedOut",
    "MoveIn",
    "MoveMinimalOut",
    "PlayerCountOut",
    "PlayerIn",
    "PlayerOut",
    "PlayerPatchIn",
    "PlayerRatingsOut",
    "PlayerTokenOut",
    "ProblemOut",
    "ProblemOutCode",
    "ProblemOutDetailsType0",
    "RatingChangeOut",
    "RatingHistoryOut",
    "RatingOut",
    "RematchOut",
    "ResultOut",
    "ResultOutDetailsType0",
    "SeatClockOut",
    "SeatJoinedOut",
    "SeatOut",
    "SeatTimedOut",
    "SeatTimedOutData",
    "SeatTimedOutDataSeatsItem",
    "SeatTimedOutDataStatus",
    "SeatTokenOut",
    "SeekIn",
    "SeekInBotPolicy",
    "SeekOut",
    "StandInIn",
    "StandInInPolicy",
    "StateOut",
    "StateOutState",
    "StreamEventOut",
    "StreamEventOutData",
    "StreamEventOutMoveType0",
    "SuggestMoveResponse200",
    "SuggestMoveResponse200Move",
    "TableUpdatedOut",
    "TakebackOut",
    "TakebackRequested",
    "TakebackRequestedData",
    "TakebackRequestedDataSeatsItem",
    "TakebackRequestedDataStatus",
    "TokensRevokedOut",
    "TurnChanged",
    "TurnChangedData",
    "TurnChangedDataDeadlinesItem",
    "TurnChangedDataOwedItem",
    "TurnChangedDataSeatsItem",
    "TurnChangedDataStatus",
    "VerificationOut",
    "VerifyFailureOut",
    "WebhookCreatedOut",
    "WebhookIn",
    "WebhookOut",
    "WebhookPatchIn",
)
