import TableKit
